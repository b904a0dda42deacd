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
