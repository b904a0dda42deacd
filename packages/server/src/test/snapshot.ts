import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * What records access rather than data, and which a rejected request may write: the security log
 * (a failed sign-in is logged on purpose), and when (and from where) a session or an API token
 * was last used, kept to the minute. Tests of those read them directly.
 */
const ACCESS_COLUMNS: Record<string, readonly string[]> = {
  sessions: ['last_seen_at', 'ip'],
  api_tokens: ['last_used_at'],
};

function withoutAccessTimes(table: string, row: Record<string, unknown>): Record<string, unknown> {
  const columns = ACCESS_COLUMNS[table];
  if (columns === undefined) return row;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column)));
}

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
    if (table === 'security_events') continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(
      database.db,
    );
    snapshot[table] = rows.map((row) => withoutAccessTimes(table, row));
  }
  return snapshot;
}
