import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import type { DB } from './schema.js';

// PostgreSQL's trigram indexes of the search (migration 0022) under bulk writes. A GIN index
// takes new rows into a pending list and merges the list into the index whenever it passes
// `gin_pending_list_limit` (4 MB): for a 100k-row import that is many small merges inside the
// request, 60 % of the rows' insert time. A bulk write raises the limit for its own transaction,
// so the rows are only appended, and the list is merged in one sorted pass after the commit,
// beside the next requests (searches read the pending list meanwhile: right answers, a little
// slower). SQLite's FTS5 index is written by its triggers as it always is.

/** Rows from which a write counts as bulk. */
export const BULK_ROWS = 1_000;

const TRIGRAM_INDEXES = ['transactions_description_trgm', 'conversions_description_trgm'] as const;

/** Within the caller's database transaction: new rows only join the indexes' pending lists. */
export async function deferSearchIndex(db: Kysely<DB>): Promise<void> {
  if (isPostgres(db)) await sql`set local gin_pending_list_limit = '256MB'`.execute(db);
}

/**
 * After the bulk write's commit: merges the pending lists into the indexes, without holding up
 * the caller. Answers the work's promise, which never fails: if the merge cannot run now
 * (the app closing), autovacuum does it later.
 */
export function settleSearchIndex(db: Kysely<DB>): Promise<void> {
  if (!isPostgres(db)) return Promise.resolve();
  return (async () => {
    for (const index of TRIGRAM_INDEXES) await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  })().catch(() => undefined);
}
