import { sql, type Kysely, type Migration } from 'kysely';

// One row the readiness check rewrites with the time of each check: proof that the database
// stores writes (a full disk or a read-only database fails it), without touching user data.
export const m0009HealthProbe: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('health_probe')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('checked_at', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into health_probe (id, checked_at) values (1, 0)`.execute(db);
  },
};
