import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Every row of every application table, in a stable order, so a test can prove a rejected
 * request wrote nothing: take a snapshot before, another after, and compare.
 */
export async function snapshotTables(database: Database): Promise<Record<string, unknown[]>> {
  const tables = (await database.db.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => !n.startsWith('kysely_'));
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables.sort()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(
      database.db,
    );
    snapshot[table] = rows;
  }
  return snapshot;
}
