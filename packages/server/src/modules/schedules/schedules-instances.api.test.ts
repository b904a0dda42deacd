import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/database.js';
import { TEST_JWT_SECRET, testConfig } from '../../test/config.js';
import { createTestTarget, testDialects } from '../../test/databases.js';
import { quiet, schedulesAt, TestClock } from '../../test/schedules.js';
import { CompleteUserFactory } from '../account/complete-user.js';
import { LedgerReader } from '../ledger/reader.js';
import { addDays, dateOfMs } from './recurrence.js';

// Several server instances on one database, each running the posting job: every occurrence is
// posted exactly once, because its (schedule, occurrence) key is claimed in the same database
// transaction as the row it writes.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PostgreSQL only: SQLite takes one writer at a time, and its busy wait (busy_timeout) blocks
// the event loop better-sqlite3 runs on, so two handles racing inside one test process stall
// each other for seconds where two server processes would simply take turns.
// Without TEST_DATABASE_URL the suite is still registered and skipped with its reason shown, so a
// fresh machine's `npm test` does not fail on "No test suite found".
for (const dialect of ['postgres' as const]) {
  describe.skipIf(!testDialects.includes(dialect))(
    `the schedule job on several instances posts each occurrence once [${dialect}] (needs TEST_DATABASE_URL)`,
    () => {
      let shared: Awaited<ReturnType<typeof createTestTarget>>;
      const databases: Database[] = [];
      const apps: FastifyInstance[] = [];

      beforeAll(async () => {
        shared = await createTestTarget(dialect);
        for (let i = 0; i < 3; i++) databases.push(openDatabase(shared.target));
      });
      afterAll(async () => {
        for (const app of apps) await app.close();
        for (const database of databases) await database.close();
        await shared.drop();
      });

      const handle = (i: number) => {
        const database = databases[i];
        if (database === undefined) throw new Error(`no handle ${i}`);
        return database.db;
      };

      /** A user with an expense category, on the first handle. */
      async function userWithCategory(email: string): Promise<{ userId: number; categoryId: number }> {
        const db = handle(0);
        const user = await new CompleteUserFactory(db).createComplete({
          email,
          password: 'password-1',
          mainCurrency: 'EUR',
        });
        const category = await db
          .selectFrom('categories')
          .select('id')
          .where('user_id', '=', user.id)
          .where('type', '=', 'real')
          .where('is_income', '=', 0)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return { userId: user.id, categoryId: category.id };
      }

      const count = async (table: 'transactions' | 'schedule_occurrences', userId: number) =>
        Number(
          (
            await handle(0)
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', userId)
              .executeTakeFirstOrThrow()
          ).n,
        );

      it('two instances running the job at the same time, twice over, post once', async () => {
        const { userId, categoryId } = await userWithCategory('race-job@example.com');
        const clock = new TestClock(Date.parse('2025-03-31T06:00:00Z'));
        const [one, two, three] = await Promise.all(databases.map((d) => schedulesAt(d.db, clock)));
        if (one === undefined || two === undefined || three === undefined) throw new Error('three handles');
        const owner = { id: userId, mainCurrency: 'EUR' };
        // Daily since 1 January: 90 occurrences due on 31 March.
        await one.add(owner, {
          rule: 'FREQ=DAILY',
          start: '2025-01-01',
          end: null,
          mode: 'post',
          weekend: 'as-is',
          payload: { kind: 'transaction', amount: 1.5, currency: 'EUR', categoryId, description: 'Daily' },
        });
        const runs = await Promise.all([one, two, three, one, two, three].map((s) => s.postDue(quiet)));
        expect(runs.reduce((sum, r) => sum + r.posted, 0)).toBe(90);
        expect(runs.every((r) => r.failed === 0)).toBe(true);
        expect(await count('transactions', userId)).toBe(90);
        expect(await count('schedule_occurrences', userId)).toBe(90);
        // The balance at the end of 31 March (its row is at noon): exactly 90 postings of 1.50.
        const reader = new LedgerReader(handle(1));
        expect((await reader.available(userId, Date.parse('2025-03-31T23:59:59Z'))).get('EUR')).toBe(-90n * 150n);
      });

      it('two app objects with the job on post once, from their start-up catch-up on', async () => {
        const { userId, categoryId } = await userWithCategory('two-apps@example.com');
        // Made before either instance starts: both catch up on start at the same moment.
        const today = dateOfMs(Date.now());
        const clock = new TestClock(Date.now());
        const maker = await schedulesAt(handle(2), clock);
        await maker.add(
          { id: userId, mainCurrency: 'EUR' },
          {
            rule: 'FREQ=DAILY',
            start: addDays(today, -119),
            end: null,
            mode: 'post',
            weekend: 'as-is',
            payload: { kind: 'transaction', amount: 2, currency: 'EUR', categoryId, description: 'Catch-up' },
          },
        );
        const config = testConfig({ database: shared.target, schedulesCheckMs: 150 });
        const built = await Promise.all(
          [databases[0], databases[1]].map((database) =>
            buildApp({ config, database: database ?? (undefined as never), jwtSecret: TEST_JWT_SECRET, logger: false }),
          ),
        );
        apps.push(...built);
        // 120 occurrences (today's included); wait for them, then a few more ticks of both.
        for (let i = 0; i < 100 && (await count('transactions', userId)) < 120; i++) await sleep(100);
        await sleep(600);
        expect(await count('transactions', userId)).toBe(120);
        expect(await count('schedule_occurrences', userId)).toBe(120);
      });
    },
  );
}
