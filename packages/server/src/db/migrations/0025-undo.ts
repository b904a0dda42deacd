import type { Kysely, Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Undo of deletes and bulk edits (docs/DECISIONS.md, "Bulk edit and undo"):
// - undo_entries: one undoable change; only the SHA-256 of its token is kept (unique, the lookup
//   key), it works until expires_at (UNDO_TTL_MINUTES) and once (used_at). `changes` is the JSON
//   of what a bulk update wrote, so undo can tell whether a row was changed again since.
// - undo_transactions, undo_conversions: the rows as they were before the change, every column
//   and the id, so undo puts them back exactly (links that name the id find it again). They go
//   with their entry (cascade) when it expires or is used.
export const m0025Undo: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('undo_entries'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('changes', 'text')
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('undo_entries_user').on('undo_entries').columns(['user_id', 'expires_at']).execute();

    await db.schema
      .createTable('undo_transactions')
      .addColumn('undo_id', 'integer', (c) => c.notNull().references('undo_entries.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'integer', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('business_type', 'text')
      .addColumn('is_income', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('undo_transactions_pk', ['undo_id', 'id'])
      .execute();

    await db.schema
      .createTable('undo_conversions')
      .addColumn('undo_id', 'integer', (c) => c.notNull().references('undo_entries.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'integer', (c) => c.notNull())
      .addColumn('from_amount', 'bigint', (c) => c.notNull())
      .addColumn('from_currency', 'text', (c) => c.notNull())
      .addColumn('to_amount', 'bigint', (c) => c.notNull())
      .addColumn('to_currency', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('undo_conversions_pk', ['undo_id', 'id'])
      .execute();
  },
};
