import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Shared books (issue 34). A book is the set of books a user has always had: its id is the id of
// the user who founded it, so every row's user_id already names the book it belongs to (the
// tenant key). `books` says who owns each; `book_members` who else may read or write it, and how;
// `book_invites` the mailed, single-use links that make members. An API token belongs to the
// book it was made in (`api_tokens.book_id`).
export const m0033Books: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('books')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('books_owner').on('books').column('owner_id').execute();
    await sql`insert into books (id, owner_id, created_at) select id, id, created_at from users`.execute(db);

    await db.schema
      .createTable('book_members')
      .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('editor', 'viewer')`))
      .addColumn('added_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('book_members_pk', ['book_id', 'user_id'])
      .execute();
    // "Which books may I open": by member.
    await db.schema.createIndex('book_members_user').on('book_members').column('user_id').execute();

    await withIdColumn(db, db.schema.createTable('book_invites'))
      .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('editor', 'viewer')`))
      /** Hex SHA-256 of the link's token: the token itself is only in the mail. */
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('invited_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('accepted_at', 'bigint')
      .execute();
    await db.schema.createIndex('book_invites_book').on('book_invites').column('book_id').execute();

    await db.schema.alterTable('api_tokens').addColumn('book_id', 'integer').execute();
    await sql`update api_tokens set book_id = user_id`.execute(db);
  },
};
