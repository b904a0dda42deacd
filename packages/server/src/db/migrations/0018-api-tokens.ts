import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Personal API tokens (docs/DECISIONS.md, API tokens). The token itself is never stored: only its
// SHA-256 (unique, the lookup key) and its first characters for the list. Revoking deletes the
// row; deleting the user deletes their tokens. Credentials, not books: backups leave it out.
export const m0018ApiTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('api_tokens'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .addCheckConstraint('api_tokens_scope', sql`scope in ('read', 'read-write')`)
      .execute();
    await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
  },
};
