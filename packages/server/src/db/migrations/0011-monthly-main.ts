import { sql, type Kysely, type Migration } from 'kysely';

// Per user, month, category and flow type: the sum of the daily totals' main-currency values, so
// a report over years reads one row per month and category instead of one per day and currency.
// A month whose totals changed is listed in dirty_months (its version counts the changes) until
// the next report rebuilds its rows; reports read a dirty month from the daily totals meanwhile.
export const m0011MonthlyMain: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('monthly_main')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('month', 'integer', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('business_type', 'text', (c) => c.notNull())
      .addColumn('is_income', 'integer', (c) => c.notNull())
      .addColumn('main_minor', 'bigint', (c) => c.notNull())
      .addColumn('main_frac', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('monthly_main_pk', [
        'user_id',
        'month',
        'category_id',
        'kind',
        'business_type',
        'is_income',
      ])
      .execute();
    await db.schema
      .createTable('dirty_months')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('month', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('dirty_months_pk', ['user_id', 'month'])
      .execute();
    await sql`insert into dirty_months (user_id, month, version)
      select distinct user_id, month, 1 from daily_totals where month is not null`.execute(db);
  },
};
