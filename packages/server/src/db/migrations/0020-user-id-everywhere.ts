import { sql, type Kysely, type Migration } from 'kysely';

// Every user-owned table carries user_id (docs/DEPLOYMENT.md, "Past one database server"): the
// two that reached their user only through a parent row get it, filled from that parent. A
// default of 0 only because SQLite adds a NOT NULL column with one; every insert names it.
export const m0020UserIdEverywhere: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('pocket_states')
      .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update pocket_states set user_id = (select f.user_id from fixpoints f where f.id = pocket_states.fixpoint_id)`.execute(
      db,
    );
    await db.schema.createIndex('pocket_states_user').on('pocket_states').column('user_id').execute();
    await db.schema
      .alterTable('import_rows')
      .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update import_rows set user_id = (select b.user_id from import_batches b where b.id = import_rows.batch_id)`.execute(
      db,
    );
  },
};
