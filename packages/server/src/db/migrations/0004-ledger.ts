import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// The ledger: categories, pockets, transactions, conversions, and the fixpoints whose pocket
// states give each pocket its balance. Amounts are integer minor units; times epoch ms; `day`
// is the UTC day number of `time` (the day whose exchange rate applies).
export const m0004Ledger: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('categories'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('real', 'loan', 'business', 'external')`))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_income', 'integer')
      .addColumn('is_built_in', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('monthly_limit', 'bigint')
      .addColumn('last_used', 'bigint', (c) => c.notNull())
      .addCheckConstraint('categories_direction', sql`(type = 'real') = (is_income is not null)`)
      .execute();
    await db.schema.createIndex('categories_user').on('categories').columns(['user_id', 'type']).execute();

    await withIdColumn(db, db.schema.createTable('pockets'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('is_cash', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pockets_user').on('pockets').columns(['user_id', 'currency']).execute();

    await withIdColumn(db, db.schema.createTable('transactions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('real', 'loan', 'business', 'external')`))
      .addColumn('business_type', 'text', (c) => c.check(sql`business_type in ('invest', 'pnl', 'realize')`))
      .addColumn('is_income', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('transactions_business_type', sql`(kind = 'business') = (business_type is not null)`)
      .execute();
    // Newest-first listing and interval filters of one user.
    await db.schema
      .createIndex('transactions_user_time')
      .on('transactions')
      .columns(['user_id', 'time', 'id'])
      .execute();
    await db.schema.createIndex('transactions_category').on('transactions').columns(['category_id', 'time']).execute();

    await withIdColumn(db, db.schema.createTable('conversions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('from_amount', 'bigint', (c) => c.notNull().check(sql`from_amount > 0`))
      .addColumn('from_currency', 'text', (c) => c.notNull())
      .addColumn('to_amount', 'bigint', (c) => c.notNull().check(sql`to_amount > 0`))
      .addColumn('to_currency', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('conversions_two_currencies', sql`from_currency <> to_currency`)
      .execute();
    await db.schema.createIndex('conversions_user_time').on('conversions').columns(['user_id', 'time', 'id']).execute();

    await withIdColumn(db, db.schema.createTable('fixpoints'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fixpoints_user_time').on('fixpoints').columns(['user_id', 'time']).execute();

    await db.schema
      .createTable('pocket_states')
      .addColumn('fixpoint_id', 'integer', (c) => c.notNull().references('fixpoints.id').onDelete('cascade'))
      .addColumn('pocket_id', 'integer', (c) => c.notNull().references('pockets.id').onDelete('cascade'))
      // Stated balance in minor units of the pocket's currency; may be negative (an overdrawn account).
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('pocket_states_pk', ['fixpoint_id', 'pocket_id'])
      .execute();
    await db.schema.createIndex('pocket_states_pocket').on('pocket_states').column('pocket_id').execute();
  },
};
