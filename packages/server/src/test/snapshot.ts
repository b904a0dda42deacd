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
 * The application's tables (and views) in this test's own database or schema, sorted. Read from
 * the catalogue of the current schema only: Kysely's introspection reads every schema's tables,
 * and another test file dropping its schema at that moment failed the read.
 */
export async function ownTables(database: Database): Promise<string[]> {
  const { rows } =
    database.dialect === 'postgres'
      ? await sql<{ name: string }>`
          select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')`.execute(database.db)
      : await sql<{ name: string }>`
          select name from sqlite_master where type in ('table', 'view') and name not like 'sqlite_%'`.execute(
          database.db,
        );
  return rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('kysely_'))
    .sort();
}

/**
 * Every row of every application table, in a stable order, so a test can prove a rejected
 * request wrote nothing: take a snapshot before, another after, and compare.
 */
export async function snapshotTables(database: Database): Promise<Record<string, unknown[]>> {
  const tables = await ownTables(database);
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) {
    if (table === 'security_events') continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(
      database.db,
    );
    snapshot[table] = rows.map((row) => withoutAccessTimes(table, row));
  }
  return snapshot;
}
