import { sql, type Kysely, type Migration } from 'kysely';

// Who entered each row and who last changed it (issue 34): in a shared book the members see
// "entered by" in the list and filter by it. Every row so far was entered by the book's founder,
// whose id is its user_id. No foreign key: a member's rows stay in the book when the member's
// account goes (the name then reads as a former member), and a bulk import pays no extra check
// per row. The undo tables keep every column of the rows they give back.
const TABLES = ['transactions', 'conversions', 'undo_transactions', 'undo_conversions'] as const;

export const m0034EnteredBy: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn('created_by', 'integer').execute();
      await db.schema.alterTable(table).addColumn('updated_by', 'integer').execute();
      await sql`update ${sql.table(table)} set created_by = user_id, updated_by = user_id`.execute(db);
    }
  },
};
