import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { createTestDatabase, testDialects } from '../test/databases.js';
import { pgAdmin } from '../test/postgres.js';
import { insertMany } from './insert-many.js';
import type { DB } from './schema.js';
import { deferSearchIndex, settleSearchIndex } from './search-index.js';

const ROWS = 2_000;
const COLUMNS = [
  'user_id',
  'category_id',
  'kind',
  'is_income',
  'amount',
  'currency',
  'description',
  'time',
  'day',
  'created_at',
  'updated_at',
] as const;

for (const dialect of testDialects)
  describe(`the search index under a bulk write [${dialect}]`, () => {
    it('finds rows written with the merge deferred, before and after the merge, and the merge empties the pending list', async () => {
      const { database, drop } = await createTestDatabase(dialect);
      const { db } = database;
      try {
        const user = await new CompleteUserFactory(db).createComplete({
          email: 'bulk@example.com',
          password: 'bulk-password-1',
          mainCurrency: 'EUR',
        });
        const category = await db
          .selectFrom('categories')
          .select('id')
          .where('type', '=', 'real')
          .executeTakeFirstOrThrow();
        const rows = Array.from({ length: ROWS }, (_, i) => ({
          user_id: user.id,
          category_id: category.id,
          kind: 'real',
          is_income: 0,
          amount: 100 + i,
          currency: 'EUR',
          description: `Kartenzahlung Filiale ${i} Bäckerei`,
          time: 1_600_000_000_000 + i * 60_000,
          day: 18_500 + Math.floor(i / 30),
          created_at: 0,
          updated_at: 0,
        }));
        await db.transaction().execute(async (trx) => {
          // A server whose lists merge at 64 kB, far below what 2,000 rows fill.
          if (dialect === 'postgres') await sql`set local gin_pending_list_limit = 64`.execute(trx);
          await deferSearchIndex(trx);
          await insertMany<DB, 'transactions', (typeof rows)[number]>(trx, 'transactions', COLUMNS, rows, (r) => r);
        });
        const found = async () =>
          (
            await sql<{
              n: number;
            }>`select count(*) as n from transactions where description like ${'%Filiale 1234 %'}`.execute(db)
          ).rows[0]?.n;
        // One row holds "Filiale 1234 " (1234 itself; 12340 and up are past the 2,000 rows).
        expect(Number(await found())).toBe(1);
        if (dialect === 'postgres') {
          await pgAdmin('create extension if not exists pgstattuple with schema public');
          const pending = async () =>
            Number(
              (
                await sql<{
                  n: string;
                }>`select pending_tuples as n from public.pgstatginindex('transactions_description_trgm'::regclass)`.execute(
                  db,
                )
              ).rows[0]?.n,
            );
          expect(await pending()).toBe(ROWS); // every row waits in the pending list: nothing was merged in the transaction
          await settleSearchIndex(db);
          expect(await pending()).toBe(0);
        } else await settleSearchIndex(db);
        expect(Number(await found())).toBe(1);
      } finally {
        await drop();
      }
    });
  });
