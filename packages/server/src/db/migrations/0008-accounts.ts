import type { Kysely, Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// The registration steps: e-mail verification codes, single-use referral codes, the waitlist.
export const m0008Accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('email_codes'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('email_codes_user').on('email_codes').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('referral_codes')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // Set for codes the admin CLI mailed: signing up with this e-mail uses the code by itself.
      .addColumn('invited_email', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();

    await db.schema
      .createTable('waitlist')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
