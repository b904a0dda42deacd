import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

export const m0001Users: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('users'))
      .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('main_currency', 'text')
      .addColumn('role', 'text', (c) =>
        c
          .notNull()
          .defaultTo('NORMAL')
          .check(sql`role in ('NORMAL', 'DEMO', 'ADMIN')`),
      )
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('referral_ok', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reg_complete', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_login_at', 'bigint')
      .execute();
    await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  },
};
