import { sql, type Kysely, type Migration } from 'kysely';

// Every "Try the demo" visitor gets a demo user of their own (issue 32): users.demo_expires_at
// says when the demo cleanup job deletes that user with all their rows; null for everyone else.
// The shared demo user of an install from before (role DEMO, its password published by GET
// config) expires a day after its last rebuild, so the first cleanup after that removes it.
export const m0030DemoVisitors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('demo_expires_at', 'bigint').execute();
    // The cleanup looks visitors up by expiry; the cap counts them newest first.
    await db.schema
      .createIndex('users_demo_expires_at')
      .on('users')
      .column('demo_expires_at')
      .where(sql.ref('demo_expires_at'), 'is not', null)
      .execute();
    await sql`update users set demo_expires_at = created_at + 86400000 where role = 'DEMO'`.execute(db);
  },
};
