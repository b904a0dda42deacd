import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './schema.js';
import { m0001Users } from './migrations/0001-users.js';
import { m0002ExchangeRates } from './migrations/0002-exchange-rates.js';
import { m0003UserCurrencies } from './migrations/0003-user-currencies.js';
import { m0004Ledger } from './migrations/0004-ledger.js';
import { m0005DailyTotals } from './migrations/0005-daily-totals.js';
import { m0006CategoryNames } from './migrations/0006-category-names.js';
import { m0007TotalsByKind } from './migrations/0007-totals-by-kind.js';
import { m0008Accounts } from './migrations/0008-accounts.js';

// Forward-only: migrations have no down(). Add new ones at the end; never edit a landed one.
const MIGRATIONS: Record<string, Migration> = {
  '0001-users': m0001Users,
  '0002-exchange-rates': m0002ExchangeRates,
  '0003-user-currencies': m0003UserCurrencies,
  '0004-ledger': m0004Ledger,
  '0005-daily-totals': m0005DailyTotals,
  '0006-category-names': m0006CategoryNames,
  '0007-totals-by-kind': m0007TotalsByKind,
  '0008-accounts': m0008Accounts,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/**
 * The migrator for the database's current schema. On PostgreSQL Kysely looks for its own tables
 * in every schema it can see unless told which one: a second schema in the same database (another
 * install, or a parallel test) made it skip creating them and fail.
 */
export async function migratorFor(db: Kysely<DB>): Promise<Migrator> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider, migrationTableSchema: rows[0]?.schema ?? 'public' });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
