import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Takes `count` fresh ids of a table for rows the caller inserts with explicit ids, so a bulk
 * insert knows which id each of its rows got (a multi-row INSERT … RETURNING promises no order).
 * PostgreSQL: from the column's own sequence, safe beside other writers. SQLite: above the
 * largest id ever handed out (sqlite_sequence, so a deleted row's id is never reused); call it
 * inside the write transaction, where SQLite lets no other writer in.
 */
export async function allocateIds(
  db: Kysely<DB>,
  table: 'transactions' | 'conversions',
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{
      id: number;
    }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::integer as id from generate_series(1, ${count})`.execute(
      db,
    );
    return rows.map((r) => r.id);
  }
  const { rows } = await sql<{ top: number | null }>`select max(top) as top from (
      select max(id) as top from ${sql.table(table)}
      union all select seq as top from sqlite_sequence where name = ${table}
    )`.execute(db);
  const first = (rows[0]?.top ?? 0) + 1;
  return Array.from({ length: count }, (_, i) => first + i);
}
