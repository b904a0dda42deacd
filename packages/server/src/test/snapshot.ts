import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Every row of every application table, in a stable order, so a test can prove a rejected
 * request wrote nothing: take a snapshot before, another after, and compare.
 */
export async function snapshotTables(database: Database): Promise<Record<string, unknown[]>> {
  // On PostgreSQL Kysely lists the tables of every schema: keep this test's own schema only
  // (parallel test files, and other runs on the same server, have schemas of their own).
  const schema =
    database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema
      : undefined;
  const tables = [
    ...new Set(
      (await database.db.introspection.getTables())
        .filter((t) => schema === undefined || t.schema === schema)
        .map((t) => t.name)
        .filter((n) => !n.startsWith('kysely_')),
    ),
  ];
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables.sort()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(
      database.db,
    );
    snapshot[table] = rows;
  }
  return snapshot;
}
