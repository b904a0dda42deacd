import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DialectName } from '../../db/database.js';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../db/migrate.js';
import { testDialects } from '../../test/databases.js';
import { dropSchema, pgAdmin, TEST_PG_URL } from '../../test/postgres.js';
import { SearchRepository, type SearchPlan } from './repository.js';

/** A database migrated up to the migration before the search index. */
async function beforeSearchIndex(dialect: DialectName): Promise<{ database: Database; drop: () => Promise<void> }> {
  const previous = migrationNames[migrationNames.indexOf('0022-search-index') - 1] ?? '';
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'kassa-search-'));
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

const plan = (word: string): SearchPlan => ({
  words: [{ text: word, categoryIds: [] }],
  currencies: [],
  amounts: undefined,
  spans: [],
  months: [],
});

for (const dialect of testDialects)
  describe(`the search index on an upgraded database [${dialect}]`, () => {
    it('indexes the rows stored before the migration, then every later write', async () => {
      const { database, drop } = await beforeSearchIndex(dialect);
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
        const category = await sql<{ id: number }>`
          insert into categories (user_id, name, type, description, is_income, is_built_in, is_active, monthly_limit, last_used)
          values (${user.id}, 'Old', 'real', '', 0, 0, 1, null, 0) returning id`.execute(db);
        const categoryId = category.rows[0]?.id ?? 0;
        const time = Date.UTC(2020, 0, 1);
        const row = { user_id: user.id, time, day: Math.floor(time / 86_400_000), created_at: 0, updated_at: 0 };
        await sql`
          insert into transactions (user_id, category_id, kind, business_type, is_income, amount, currency, description, time, day, created_at, updated_at)
          values (${user.id}, ${categoryId}, 'real', null, 0, 100, 'EUR', 'Legacy bookshop', ${row.time}, ${row.day}, 0, 0)`.execute(
          db,
        );
        await db
          .insertInto('conversions')
          .values({
            ...row,
            from_amount: 100,
            from_currency: 'EUR',
            to_amount: 110,
            to_currency: 'USD',
            description: 'Legacy exchange',
          })
          .execute();

        await migrateToLatest(db);
        const search = new SearchRepository(db);
        expect((await search.transactions(user.id, plan('bookshop'), undefined, 10)).map((t) => t.description)).toEqual(
          ['Legacy bookshop'],
        );
        expect((await search.conversions(user.id, plan('legacy'), undefined, 10)).map((c) => c.description)).toEqual([
          'Legacy exchange',
        ]);
        expect(await search.transactions(user.id + 1, plan('bookshop'), undefined, 10)).toEqual([]);

        // Later writes keep it right: a new description replaces the old one in the index.
        await db
          .updateTable('transactions')
          .set({ description: 'Renamed shelf' })
          .where('user_id', '=', user.id)
          .execute();
        expect(await search.transactions(user.id, plan('bookshop'), undefined, 10)).toEqual([]);
        expect(await search.transactions(user.id, plan('shelf'), undefined, 10)).toHaveLength(1);
        await db.deleteFrom('conversions').where('user_id', '=', user.id).execute();
        expect(await search.conversions(user.id, plan('legacy'), undefined, 10)).toEqual([]);
        if (dialect === 'sqlite')
          for (const table of ['transactions_fts', 'conversions_fts'])
            await sql`insert into ${sql.table(table)}(${sql.table(table)}, rank) values ('integrity-check', 1)`.execute(
              db,
            );
      } finally {
        await drop();
      }
    });
  });
