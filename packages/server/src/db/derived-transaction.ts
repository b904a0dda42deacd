import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import type { DB } from './schema.js';

/**
 * Runs `fn` in a transaction that stores only derived data, which a report computes again from
 * the ledger when it is missing (main-currency values, monthly roll-ups, kept balance history):
 * its commit does not wait for the disk. A crash may lose such a commit, never a ledger write:
 * SQLite's WAL and PostgreSQL's log are written in order, so the next synced commit (every
 * ledger write is one) makes all before it durable, and what is lost is the newest derived data,
 * whole, which the next report redoes. Under load these commits were a quarter of the server's
 * time on SQLite (an fsync each, blocking the only thread).
 */
export async function derivedTransaction<T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (isPostgres(db))
    return db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return fn(trx);
    });
  // Already inside a transaction (a caller's): it commits as that one does.
  if (db.isTransaction) return fn(db);
  // SQLite sets it per connection: held for the whole call, so no ledger write commits meanwhile.
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(connection);
    const before = rows[0]?.synchronous ?? 2;
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await connection.transaction().execute(fn);
    } finally {
      await sql.raw(`pragma synchronous = ${before}`).execute(connection);
    }
  });
}
