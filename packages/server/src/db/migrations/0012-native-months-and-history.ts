import { sql, type Kysely, type Migration } from 'kysely';

// Balances (available, loans, business pending) sum native flows from the start of the ledger or
// from the last fixpoint; reading daily totals for that made their cost grow with days. Per user,
// month and currency, and per user, day and currency, the three measures are kept summed, in step
// with every write like the daily totals (exact integers: no rates involved). The daily ones hold
// a row per currency where daily totals hold one per category and flow type (20× fewer at 1M).
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
      .createTable('daily_native')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('cash', 'bigint', (c) => c.notNull())
      .addColumn('loan', 'bigint', (c) => c.notNull())
      .addColumn('pending', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('daily_native_pk', ['user_id', 'day', 'currency'])
      .execute();
    await db.schema
      .createIndex('daily_native_covering')
      .on('daily_native')
      .columns(['user_id', 'day', 'currency', 'cash', 'loan', 'pending'])
      .execute();
    await db.schema
      .createIndex('monthly_native_covering')
      .on('monthly_native')
      .columns(['user_id', 'month', 'currency', 'cash', 'loan', 'pending'])
      .execute();
    // Months waiting for their rebuild (their unvalued totals, their monthly_main rows) are read
    // by month, from the index alone.
    await db.schema
      .createIndex('daily_totals_user_month')
      .on('daily_totals')
      .columns(['user_id', 'month', 'main_minor', 'category_id', 'kind', 'business_type', 'is_income', 'main_frac'])
      .execute();
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
    await sql`insert into monthly_native (user_id, month, currency, cash, loan, pending)
      select user_id, month, currency,
        sum(case when business_type = 'realize' then 0 when is_income = 1 then amount else -amount end),
        sum(case when kind <> 'loan' then 0 when is_income = 1 then -amount else amount end),
        sum(case when kind <> 'business' or business_type = 'pnl' then 0
          when business_type = 'realize' then (case when is_income = 1 then amount else -amount end)
          else (case when is_income = 1 then -amount else amount end) end)
      from daily_totals group by user_id, month, currency`.execute(db);
    await sql`insert into daily_native (user_id, day, currency, cash, loan, pending)
      select user_id, day, currency,
        sum(case when business_type = 'realize' then 0 when is_income = 1 then amount else -amount end),
        sum(case when kind <> 'loan' then 0 when is_income = 1 then -amount else amount end),
        sum(case when kind <> 'business' or business_type = 'pnl' then 0
          when business_type = 'realize' then (case when is_income = 1 then amount else -amount end)
          else (case when is_income = 1 then -amount else amount end) end)
      from daily_totals group by user_id, day, currency`.execute(db);

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
