import type { Kysely, Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Forgotten password (docs/DECISIONS.md, "Forgotten password"): one row per mailed reset link.
// The link's token is never stored, only its SHA-256 (unique, the lookup key). A link works once
// (used_at) and until expires_at; a reset uses up every other link of the user too. Rows die with
// the user; credentials, not books: backups leave them out.
export const m0021PasswordResets: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('password_resets'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
  },
};
