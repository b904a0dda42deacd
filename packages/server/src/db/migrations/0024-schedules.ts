import type { Kysely, Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Scheduled entries (docs/DECISIONS.md, Scheduled entries): a recurrence rule with the
// transaction or conversion it posts, and one row per occurrence that was posted or skipped.
//
// Dates are calendar dates as text ("YYYY-MM-DD"): they compare as text, and no driver turns
// them into instants of some time zone. The amounts are minor units of their currency, null for
// "ask each time". A schedule of kind 'transaction' fills category_id, currency, amount,
// is_income and business_type; one of kind 'conversion' fills the from_/to_ columns.
export const m0024Schedules: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('schedules'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text')
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('weekend', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      // Deleting a category (only possible while no transaction uses it) deletes its schedules,
      // as it deletes its import rules.
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
      .addColumn('currency', 'text')
      .addColumn('amount', 'bigint')
      .addColumn('is_income', 'integer')
      .addColumn('business_type', 'text')
      .addColumn('from_currency', 'text')
      .addColumn('from_amount', 'bigint')
      .addColumn('to_currency', 'text')
      .addColumn('to_amount', 'bigint')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('schedules_user').on('schedules').column('user_id').execute();
    await db.schema.createIndex('schedules_category').on('schedules').column('category_id').execute();
    // The job reads every schedule in post mode, of all users.
    await db.schema.createIndex('schedules_mode').on('schedules').column('mode').execute();

    // An occurrence is the rule's date (before the weekend rule). The unique key
    // (schedule_id, occurrence) is the exactly-once guarantee: posting inserts this row in the
    // same database transaction as the row it writes, so a retry, a restart, a concurrent
    // confirm or a second instance finds it taken and writes nothing.
    //
    // transaction_id / conversion_id name the row written (posted only) without a foreign key,
    // as import_links do: deleting that row later leaves the occurrence posted (it is not posted
    // again), and import undo deletes the occurrences of the rows it removes (pending again).
    await withIdColumn(db, db.schema.createTable('schedule_occurrences'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('schedule_id', 'integer', (c) => c.notNull().references('schedules.id').onDelete('cascade'))
      .addColumn('occurrence', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('posted_date', 'text')
      .addColumn('transaction_id', 'integer')
      .addColumn('conversion_id', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('schedule_occurrences_key', ['schedule_id', 'occurrence'])
      .execute();
    await db.schema.createIndex('schedule_occurrences_user').on('schedule_occurrences').column('user_id').execute();
    await db.schema
      .createIndex('schedule_occurrences_transaction')
      .on('schedule_occurrences')
      .column('transaction_id')
      .execute();
    await db.schema
      .createIndex('schedule_occurrences_conversion')
      .on('schedule_occurrences')
      .column('conversion_id')
      .execute();
  },
};
