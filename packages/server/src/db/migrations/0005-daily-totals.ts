import type { Kysely, Migration } from 'kysely';

// Per user, day, currency and category: the summed amounts of transactions (and conversion legs),
// kept up to date inside the same database transaction as every write, edit and delete. Reports
// read these instead of rescanning every transaction: a (day, currency) shares one exchange rate,
// so converting a daily total is exactly the sum of converting its transactions.
export const m0005DailyTotals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('daily_totals')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      // 0 for conversion legs, which have no category.
      .addColumn('category_id', 'integer', (c) => c.notNull())
      // real, loan, business, external, or conversion.
      .addColumn('kind', 'text', (c) => c.notNull())
      // invest, pnl, realize for business; '' otherwise (keys cannot be null in PostgreSQL).
      .addColumn('business_type', 'text', (c) => c.notNull())
      .addColumn('is_income', 'integer', (c) => c.notNull())
      // Sum of amounts in minor units (positive: the direction is is_income) and how many rows.
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_totals_pk', [
        'user_id',
        'day',
        'currency',
        'category_id',
        'business_type',
        'is_income',
      ])
      .execute();
  },
};
