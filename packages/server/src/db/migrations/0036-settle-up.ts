import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Settling up in a shared book (issue 34). An expense split among members carries who paid it
// (`paid_by`) and the members' weights (`shares`, JSON `[[userId, weight], …]`, null: not split,
// the payer's own); undo keeps both as it keeps every column. Settle-up reads only split rows,
// through a partial index: a book's history of personal rows costs it nothing. A settlement is
// money one member gave another to square up: it moves no currency total of the book (both
// members' pockets are the book's), so it is a row of its own, never a transaction. Member ids
// carry no foreign key, as created_by does not (migration 0034): the record outlives a member.
export const m0036SettleUp: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['transactions', 'undo_transactions']) {
      await db.schema.alterTable(table).addColumn('paid_by', 'integer').execute();
      await db.schema.alterTable(table).addColumn('shares', 'text').execute();
    }
    await db.schema
      .createIndex('transactions_shared')
      .on('transactions')
      .columns(['user_id', 'time'])
      .where(sql.ref('shares'), 'is not', null)
      .execute();

    await withIdColumn(db, db.schema.createTable('settlements'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('from_member', 'integer', (c) => c.notNull())
      .addColumn('to_member', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .execute();
    await db.schema.createIndex('settlements_user_time').on('settlements').columns(['user_id', 'time']).execute();
  },
};
