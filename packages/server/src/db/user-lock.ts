import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

// Advisory locks are one space per PostgreSQL database, while several instances (and parallel test
// files) keep their books in schemas of one database, with the same user ids. So each lock is
// keyed by the schema and the user (the two-key form), never by the user alone: user 1 of one
// schema never waits for user 1 of another.
const ledgerSpace = sql`hashtext(current_schema() || ':ledger')`;
const reportSpace = sql`hashtext(current_schema() || ':reports')`;

/**
 * Serialises the ledger writes of one user until the surrounding database transaction ends.
 * PostgreSQL runs transactions side by side, so two edits of the same user could interleave
 * their read-then-adjust steps (daily totals, duplicate checks); a transaction-scoped advisory
 * lock keyed by the user id makes them take turns. SQLite already runs one writer at a time.
 */
export async function lockUserLedger(trx: Kysely<DB>, userId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${ledgerSpace}, ${userId})`.execute(trx);
  }
}

/**
 * Lets one report at a time store what it computed for the user (monthly roll-ups, kept
 * balance-history points) until the surrounding transaction ends; false when another report
 * holds it, and that report's work will do. Never waits, and never waits for a ledger write:
 * a report that finds it taken reads the changed months by day instead. SQLite: always true
 * (one writer at a time).
 */
export async function tryLockUserReports(trx: Kysely<DB>, userId: number): Promise<boolean> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return true;
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(${reportSpace}, ${userId}) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
