import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** Whether the migration runs against PostgreSQL (the only dialect-specific bits are here). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-incrementing integer primary key named id, in the dialect's own way. */
export function withIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
