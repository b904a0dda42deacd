import type { Kysely, Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Signed-in sessions and the security log (docs/DECISIONS.md, Sessions and security log).
// A session is one sign-in on one device: session JWTs carry its id, and ending it (deleting the
// row) ends them. The security log keeps a user's sign-ins, failed sign-ins and credential
// changes, at most a year and 1000 entries per user. Both die with the user; backups leave them out.
export const m0019SessionsSecurityLog: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('sessions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await withIdColumn(db, db.schema.createTable('security_events'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('device', 'text')
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('security_events_user').on('security_events').columns(['user_id', 'id']).execute();
  },
};
