import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Serialises the ledger writes of one user until the surrounding database transaction ends.
 * PostgreSQL runs transactions side by side, so two edits of the same user could interleave
 * their read-then-adjust steps (daily totals, duplicate checks); a transaction-scoped advisory
 * lock keyed by the user id makes them take turns. SQLite already runs one writer at a time.
 */
export async function lockUserLedger(trx: Kysely<DB>, userId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${userId})`.execute(trx);
  }
}

/** Keys of report locks sit above every user id, apart from the ledger locks. */
const REPORT_LOCK_BASE = 2n ** 40n;

/**
 * Lets one report at a time store what it computed for the user (monthly roll-ups, kept
 * balance-history points) until the surrounding transaction ends; false when another report
 * holds it, and that report's work will do. Never waits, and never waits for a ledger write:
 * a report that finds it taken reads the changed months by day instead. SQLite: always true
 * (one writer at a time).
 */
export async function tryLockUserReports(trx: Kysely<DB>, userId: number): Promise<boolean> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return true;
  const key = REPORT_LOCK_BASE + BigInt(userId);
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${key}) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
