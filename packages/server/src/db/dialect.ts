import { PostgresAdapter } from 'kysely';

/** Whether the database behind `db` (a Kysely instance or transaction) is PostgreSQL, else SQLite. */
export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
