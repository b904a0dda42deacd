import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { isPostgres } from './migrations/helpers.js';
import type { DB } from './schema.js';
import { m0001Users } from './migrations/0001-users.js';
import { m0002ExchangeRates } from './migrations/0002-exchange-rates.js';
import { m0003UserCurrencies } from './migrations/0003-user-currencies.js';
import { m0004Ledger } from './migrations/0004-ledger.js';
import { m0005DailyTotals } from './migrations/0005-daily-totals.js';
import { m0006CategoryNames } from './migrations/0006-category-names.js';
import { m0007TotalsByKind } from './migrations/0007-totals-by-kind.js';
import { m0008Accounts } from './migrations/0008-accounts.js';
import { m0009HealthProbe } from './migrations/0009-health-probe.js';
import { m0010DailyMainValues } from './migrations/0010-daily-main-values.js';
import { m0011MonthlyMain } from './migrations/0011-monthly-main.js';
import { m0012NativeMonthsAndHistory } from './migrations/0012-native-months-and-history.js';
import { m0013CategoryRules } from './migrations/0013-category-rules.js';
import { m0014Import } from './migrations/0014-import.js';
import { m0015RatesVersion } from './migrations/0015-rates-version.js';
import { m0016TwoFactor } from './migrations/0016-two-factor.js';
import { m0017JobRuns } from './migrations/0017-job-runs.js';
import { m0018ApiTokens } from './migrations/0018-api-tokens.js';
import { m0019SessionsSecurityLog } from './migrations/0019-sessions-security-log.js';
import { m0020UserIdEverywhere } from './migrations/0020-user-id-everywhere.js';
import { m0021PasswordResets } from './migrations/0021-password-resets.js';
import { m0022SearchIndex } from './migrations/0022-search-index.js';
import { m0023BudgetRollover } from './migrations/0023-budget-rollover.js';
import { m0024Schedules } from './migrations/0024-schedules.js';
import { m0025Undo } from './migrations/0025-undo.js';
import { m0026MonthlyMainCurrency } from './migrations/0026-monthly-main-currency.js';
import { m0027Admission } from './migrations/0027-admission.js';
import { m0028PreviewBytes } from './migrations/0028-preview-bytes.js';
import { m0029RowPockets } from './migrations/0029-row-pockets.js';
import { m0030DemoVisitors } from './migrations/0030-demo-visitors.js';
import { m0031RatesRefresh } from './migrations/0031-rates-refresh.js';
import { m0032SameCurrencyTransfers } from './migrations/0032-same-currency-transfers.js';
import { m0033Books } from './migrations/0033-books.js';
import { m0034EnteredBy } from './migrations/0034-entered-by.js';
import { m0035FixpointBatchMakers } from './migrations/0035-fixpoint-batch-makers.js';
import { m0036SettleUp } from './migrations/0036-settle-up.js';
import { m0037BankSync } from './migrations/0037-bank-sync.js';
import { m0038Preferences } from './migrations/0038-preferences.js';
import { m0039Idempotency } from './migrations/0039-idempotency.js';
import { m0040RowVersions } from './migrations/0040-row-versions.js';

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
  '0009-health-probe': m0009HealthProbe,
  '0010-daily-main-values': m0010DailyMainValues,
  '0011-monthly-main': m0011MonthlyMain,
  '0012-native-months-and-history': m0012NativeMonthsAndHistory,
  '0013-category-rules': m0013CategoryRules,
  '0014-import': m0014Import,
  '0015-rates-version': m0015RatesVersion,
  '0016-two-factor': m0016TwoFactor,
  '0017-job-runs': m0017JobRuns,
  '0018-api-tokens': m0018ApiTokens,
  '0019-sessions-security-log': m0019SessionsSecurityLog,
  '0020-user-id-everywhere': m0020UserIdEverywhere,
  '0021-password-resets': m0021PasswordResets,
  '0022-search-index': m0022SearchIndex,
  '0023-budget-rollover': m0023BudgetRollover,
  '0024-schedules': m0024Schedules,
  '0025-undo': m0025Undo,
  '0026-monthly-main-currency': m0026MonthlyMainCurrency,
  '0027-admission': m0027Admission,
  '0028-preview-bytes': m0028PreviewBytes,
  '0029-row-pockets': m0029RowPockets,
  '0030-demo-visitors': m0030DemoVisitors,
  '0031-rates-refresh': m0031RatesRefresh,
  '0032-same-currency-transfers': m0032SameCurrencyTransfers,
  '0033-books': m0033Books,
  '0034-entered-by': m0034EnteredBy,
  '0035-fixpoint-batch-makers': m0035FixpointBatchMakers,
  '0036-settle-up': m0036SettleUp,
  '0037-bank-sync': m0037BankSync,
  '0038-preferences': m0038Preferences,
  '0039-idempotency': m0039Idempotency,
  '0040-row-versions': m0040RowVersions,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/** Every migration the code knows, oldest first. */
export const migrationNames: readonly string[] = Object.keys(MIGRATIONS);

/**
 * Kysely looks for its migration tables in every schema of a PostgreSQL database unless told
 * which one: with several schemas (parallel test files, or another app beside Kassa) it finds
 * another schema's tables, skips creating its own and fails. Pin it to the current schema.
 */
async function migratorFor(db: Kysely<DB>): Promise<Migrator> {
  if (!isPostgres(db)) return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? undefined;
  return new Migrator({ db, provider, ...(schema === undefined ? {} : { migrationTableSchema: schema }) });
}

/**
 * The name of the PostgreSQL advisory lock held while a migrator reads and changes schemas.
 * Kysely's migrator reads the tables of every schema of the database (PostgresIntrospector calls
 * `pg_get_serial_sequence` per column), so a schema dropped meanwhile fails that read ("schema …
 * does not exist"); whatever drops schemas beside running migrations (parallel test files, another
 * instance's tooling) takes the same lock.
 */
export const SCHEMA_CHANGES_LOCK = 'kassa:schema-changes';

/** Runs `work` holding SCHEMA_CHANGES_LOCK on a connection of its own (PostgreSQL; SQLite has one writer). */
async function underSchemaLock<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${SCHEMA_CHANGES_LOCK}))`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${SCHEMA_CHANGES_LOCK}))`.execute(conn);
    }
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results } = await underSchemaLock(db, () => migrator.migrateToLatest());
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** Applies migrations up to and including the named one (tests build databases an upgrade behind). */
export async function migrateUpTo(db: Kysely<DB>, name: string): Promise<void> {
  const migrator = await migratorFor(db);
  const { error } = await underSchemaLock(db, () => migrator.migrateTo(name));
  if (error !== undefined) throw error instanceof Error ? error : new Error(JSON.stringify(error));
}

/** Migrations the code knows that have not run on this database, oldest first. */
export async function pendingMigrations(db: Kysely<DB>): Promise<string[]> {
  const migrator = await migratorFor(db);
  const migrations = await underSchemaLock(db, () => migrator.getMigrations());
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
