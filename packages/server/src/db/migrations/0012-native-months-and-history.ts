import { sql, type Kysely, type Migration } from 'kysely';

// Balances (available, loans, business pending) sum native flows from the start of the ledger or
// from the last fixpoint; reading daily totals for that made their cost grow with days. Per user,
// month and currency the three measures are kept summed, rebuilt with monthly_main for the months
// listed in dirty_months (so every month is listed again here to get its rows).
//
// Balance history converts every currency on every day of its range. Its points (end-of-day
// balances in the main currency) are kept once computed: history_state says up to which day they
// hold, for which main currency; every ledger write, fixpoint change and rate change moves that
// day back (version counts the changes, so a report that computed from an older state cannot
// publish over a newer one).
export const m0012NativeMonthsAndHistory: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('monthly_native')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('month', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('cash', 'bigint', (c) => c.notNull())
      .addColumn('loan', 'bigint', (c) => c.notNull())
      .addColumn('pending', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('monthly_native_pk', ['user_id', 'month', 'currency'])
      .execute();
    await db.schema
      .createIndex('monthly_native_covering')
      .on('monthly_native')
      .columns(['user_id', 'month', 'currency', 'cash', 'loan', 'pending'])
      .execute();
    // Months waiting for their rebuild (and their unvalued totals) are read by month.
    await db.schema.createIndex('daily_totals_user_month').on('daily_totals').columns(['user_id', 'month']).execute();
    // Native sums over day ranges read only the index (no table lookup per total).
    await db.schema
      .createIndex('daily_totals_native')
      .on('daily_totals')
      .columns(['user_id', 'day', 'currency', 'kind', 'business_type', 'is_income', 'amount'])
      .execute();
    await db.schema
      .createIndex('monthly_main_covering')
      .on('monthly_main')
      .columns(['user_id', 'month', 'kind', 'business_type', 'is_income', 'category_id', 'main_minor', 'main_frac'])
      .execute();
    await sql`insert into dirty_months (user_id, month, version)
      select distinct user_id, month, 1 from daily_totals d where month is not null
      and not exists (select 1 from dirty_months m where m.user_id = d.user_id and m.month = d.month)`.execute(db);

    await db.schema
      .createTable('history_points')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('available', 'bigint', (c) => c.notNull())
      .addColumn('loaned', 'bigint', (c) => c.notNull())
      .addColumn('pending', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('history_points_pk', ['user_id', 'day'])
      .execute();
    await db.schema
      .createTable('history_state')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('main_currency', 'text', (c) => c.notNull())
      // Kept points of valid_from..valid_through are right; none when NULL or from > through.
      .addColumn('valid_from', 'integer')
      .addColumn('valid_through', 'integer')
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
  },
};
