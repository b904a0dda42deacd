import { sql, type Kysely, type Migration } from 'kysely';

// Pockets carry their own rows (DESIGN §4, issue 32): a transaction belongs to the pocket it was
// imported into, a conversion takes from one pocket and puts into another. NULL means the
// currency's default pocket (its oldest), which is where every row entered by the spec's forms
// goes, so the writes that know no pocket need no change. Rows imported before this migration
// get the pocket their import link names.
export const m0029RowPockets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('transactions').addColumn('pocket_id', 'integer').execute();
    await db.schema.alterTable('conversions').addColumn('from_pocket_id', 'integer').execute();
    await db.schema.alterTable('conversions').addColumn('to_pocket_id', 'integer').execute();
    // The undo log keeps every column of the rows it saves.
    await db.schema.alterTable('undo_transactions').addColumn('pocket_id', 'integer').execute();
    await db.schema.alterTable('undo_conversions').addColumn('from_pocket_id', 'integer').execute();
    await db.schema.alterTable('undo_conversions').addColumn('to_pocket_id', 'integer').execute();
    // A pocket's own rows are read by pocket and time (its balance between two of its statements).
    await db.schema
      .createIndex('transactions_pocket_time')
      .on('transactions')
      .columns(['pocket_id', 'time'])
      .where(sql.ref('pocket_id'), 'is not', null)
      .execute();
    await sql`update transactions set pocket_id = (
        select l.pocket_id from import_links l
        where l.transaction_id = transactions.id and l.user_id = transactions.user_id
        limit 1)
      where exists (select 1 from import_links l where l.transaction_id = transactions.id)`.execute(db);
    // Kept balance-history points were counted as if every fixpoint stated every currency: recount.
    await sql`delete from history_points`.execute(db);
    await sql`delete from history_state`.execute(db);
  },
};
