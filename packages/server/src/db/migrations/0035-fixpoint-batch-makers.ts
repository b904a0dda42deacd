import { sql, type Kysely, type Migration } from 'kysely';

// Who made each fixpoint and import batch, and who changed it last (issue 34, as migration 0034
// did for transactions and conversions): a fixpoint's stated balances can be changed later, a
// batch is previewed by one member and may be committed or undone by another. No foreign key,
// for the same reason as 0034: the rows stay in the book when a member's account goes.
const TABLES = ['fixpoints', 'import_batches'] as const;

export const m0035FixpointBatchMakers: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn('created_by', 'integer').execute();
      await db.schema.alterTable(table).addColumn('updated_by', 'integer').execute();
      await sql`update ${sql.table(table)} set created_by = user_id, updated_by = user_id`.execute(db);
    }
  },
};
