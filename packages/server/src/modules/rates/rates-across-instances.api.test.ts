import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isoFromDay, utcDayOf } from '@kassa/money';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase, type Database } from '../../db/database.js';
import { runCliCaptured } from '../../test/cli.js';
import { TestClient } from '../../test/client.js';
import { TEST_JWT_SECRET, testConfig } from '../../test/config.js';
import { createTestTarget, testDialects } from '../../test/databases.js';
import { okJson } from '../../test/ledger.js';
import { CompleteUserFactory } from '../account/complete-user.js';
import { RATES_CHECK_MS } from './service.js';

// Two server instances on one database, and rates imported through the CLI while both run: each
// instance uses the new rates within RATES_CHECK_MS, in its rate table and in the main-currency
// figures of the ledger (issue: rates lived in a per-process table until its next refresh).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const dialect of testDialects) {
  describe(`rates stored by another process reach every running instance [${dialect}]`, () => {
    let shared: Awaited<ReturnType<typeof createTestTarget>>;
    let config: Config;
    const databases: Database[] = [];
    const apps: FastifyInstance[] = [];
    const dir = mkdtempSync(path.join(tmpdir(), 'kassa-instances-csv-'));

    beforeAll(async () => {
      shared = await createTestTarget(dialect);
      // No scheduled refresh: without the check, nothing would ever reload the table.
      config = testConfig({
        database: shared.target,
        rates: { ecbUrl: '', fallbackUrl: '', refreshIntervalMs: 0, fetchTimeoutMs: 1000 },
      });
      for (let i = 0; i < 2; i++) {
        const database = openDatabase(shared.target);
        databases.push(database);
        apps.push(await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false }));
      }
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await shared.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('uses rates the CLI imports within seconds on both instances, in the daily rate and in analytics', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      await new CompleteUserFactory(databases[0]?.db ?? (undefined as never)).createComplete({
        email: 'two@example.com',
        password: 'password-1',
        mainCurrency: 'EUR',
      });
      const clients = [new TestClient(first), new TestClient(second)];
      for (const c of clients) await c.login('two@example.com', 'password-1');
      const [a, b] = clients as [TestClient, TestClient];
      okJson(await a.post('/api/currency/add', { currency: 'USD' }));
      const expense = okJson<{ id: number; name: string }[]>(await a.get('/api/category/getall')).find(
        (c) => c.name === 'Other expense',
      );
      const today = utcDayOf(Date.now());
      okJson(
        await a.post('/api/transaction/add', {
          amount: 100,
          currency: 'USD',
          categoryId: expense?.id,
          time: `${isoFromDay(today)}T00:00:00Z`,
          description: 'books',
        }),
      );
      const interval = { start: `${isoFromDay(today)}T00:00:00Z`, end: `${isoFromDay(today)}T23:59:59.999Z` };
      const usdRate = async (client: TestClient) =>
        okJson<{ toCurrency: string; rate: number }[]>(await client.get('/api/exrate/get-daily')).find(
          (r) => r.toCurrency === 'USD',
        )?.rate;
      const spent = async (client: TestClient) =>
        okJson<{ asset: { amount: number } }[]>(
          await client.post('/api/analytics/oneperiod', { interval, direction: false }),
        ).reduce((sum, f) => sum + f.asset.amount, 0);
      // Both instances have valued the expense at the bundled rate, which is not 2.
      for (const c of clients) {
        expect(await usdRate(c)).not.toBe(2);
        expect(await spent(c)).not.toBe(50);
      }

      const file = path.join(dir, 'rates.csv');
      writeFileSync(file, `date,currency,rate\n${isoFromDay(today)},USD,2\n`);
      expect(await runCliCaptured(['rates:import', file], config)).toMatchObject({ code: 0 });
      await sleep(RATES_CHECK_MS + 100);

      // 1 EUR = 2 USD today: the 100 USD expense is 50 EUR on both instances.
      for (const c of [b, a]) {
        expect(await usdRate(c)).toBe(2);
        expect(await spent(c)).toBe(50);
      }
    });
  });
}
