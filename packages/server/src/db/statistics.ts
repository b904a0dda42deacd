import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Refreshes PostgreSQL's planner statistics of tables a bulk write has just filled. Until
 * autovacuum gets to them, the planner believes they are as small as before and may join a
 * hundred thousand new rows by scanning them once per row (seconds become minutes). SQLite's
 * planner works from its indexes alone: nothing to do there.
 */
export async function refreshStatistics(db: Kysely<DB>, tables: readonly (keyof DB)[]): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`analyze ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}
