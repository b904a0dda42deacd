import type { CreateTableBuilder, Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

export { isPostgres };

/** Adds an auto-incrementing integer primary key named id, in the dialect's own way. */
export function withIdColumn<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
