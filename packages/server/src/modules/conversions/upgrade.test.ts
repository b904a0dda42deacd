import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DialectName } from '../../db/database.js';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../db/migrate.js';
import { testDialects } from '../../test/databases.js';
import { dropSchema, pgAdmin, TEST_PG_URL } from '../../test/postgres.js';
import { SearchRepository } from '../search/repository.js';

/** A database migrated up to the migration before same-currency transfers. */
async function beforeTransfers(dialect: DialectName): Promise<{ database: Database; drop: () => Promise<void> }> {
  const previous = migrationNames[migrationNames.indexOf('0032-same-currency-transfers') - 1] ?? '';
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'kassa-transfers-'));
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'old.db') });
    await migrateUpTo(database.db, previous);
    return {
      database,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await pgAdmin(`create schema ${schema}`);
  const database = openDatabase({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: schema });
  await migrateUpTo(database.db, previous);
  return {
    database,
    drop: async () => {
      await database.close();
      await dropSchema(schema);
    },
  };
}

for (const dialect of testDialects)
  describe(`conversions on an upgraded database [${dialect}]`, () => {
    it('keeps every conversion, its id sequence and its search index, and takes an equal-amount transfer in one currency only', async () => {
      const { database, drop } = await beforeTransfers(dialect);
      try {
        const { db } = database;
        const user = await db
          .insertInto('users')
          .values({
            email: 'old@example.com',
            password_hash: 'x',
            main_currency: 'EUR',
            created_at: 0,
            last_login_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const time = Date.UTC(2026, 0, 5);
        const base = { user_id: user.id, time, day: Math.floor(time / 86_400_000), created_at: 0, updated_at: 0 };
        const conversion = (description: string, from: [number, string], to: [number, string], pockets = {}) => ({
          ...base,
          description,
          from_amount: from[0],
          from_currency: from[1],
          to_amount: to[0],
          to_currency: to[1],
          ...pockets,
        });
        const kept = await db
          .insertInto('conversions')
          .values(conversion('Exchange office Vienna', [10_000, 'EUR'], [10_850, 'USD']))
          .returning('id')
          .executeTakeFirstOrThrow();
        const gone = await db
          .insertInto('conversions')
          .values(conversion('Deleted before the upgrade', [500, 'EUR'], [540, 'USD']))
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.deleteFrom('conversions').where('id', '=', gone.id).execute();
        // Before: one currency is refused outright.
        await expect(
          db
            .insertInto('conversions')
            .values(conversion('Bank to cash', [2_000, 'EUR'], [2_000, 'EUR']))
            .execute(),
        ).rejects.toThrow();

        await migrateToLatest(db);

        const rows = await db.selectFrom('conversions').select(['id', 'description', 'to_amount']).execute();
        expect(rows).toEqual([{ id: kept.id, description: 'Exchange office Vienna', to_amount: 10_850 }]);
        const transfer = await db
          .insertInto('conversions')
          .values(conversion('Bank to cash', [2_000, 'EUR'], [2_000, 'EUR'], { from_pocket_id: 1, to_pocket_id: 2 }))
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(transfer.id).toBeGreaterThan(gone.id); // an id once handed out is never handed out again
        await expect(
          db
            .insertInto('conversions')
            .values(conversion('Uneven', [2_000, 'EUR'], [1_999, 'EUR']))
            .execute(),
        ).rejects.toThrow();
        await expect(
          db
            .insertInto('conversions')
            .values(conversion('Negative', [-5, 'EUR'], [5, 'USD']))
            .execute(),
        ).rejects.toThrow();

        // The search index still follows the rows: the old one, the new one, and an edit.
        await db
          .updateTable('conversions')
          .set({ description: 'Exchange office Graz' })
          .where('id', '=', kept.id)
          .execute();
        const search = new SearchRepository(db);
        const found = async (word: string) =>
          (
            await search.conversions(
              user.id,
              { words: [{ text: word, categoryIds: [] }], currencies: [], amounts: undefined, spans: [], months: [] },
              undefined,
              10,
            )
          ).map((r) => r.id);
        expect(await found('Graz')).toEqual([kept.id]);
        expect(await found('Vienna')).toEqual([]);
        expect(await found('cash')).toEqual([transfer.id]);
      } finally {
        await drop();
      }
    });
  });
