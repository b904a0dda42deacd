import { sql, type Kysely, type Migration } from 'kysely';

// Admission and the admin page (issue 22, docs/DECISIONS.md): an admin can disable a user
// (users.disabled_at, null while they may sign in) and approve a waitlisted address
// (waitlist.approved_at, when the last code was mailed). An install from before has no admin
// yet: its oldest user who is not the demo becomes one, as the first user of a new install does.
export const m0027Admission: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
    await db.schema.alterTable('waitlist').addColumn('approved_at', 'bigint').execute();
    await sql`
      update users set role = 'ADMIN'
      where id = (select min(id) from users where role = 'NORMAL')
        and not exists (select 1 from users where role = 'ADMIN')
    `.execute(db);
  },
};
