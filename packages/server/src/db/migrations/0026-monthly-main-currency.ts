import { sql, type Kysely, type Migration } from 'kysely';

// Per user, month, currency and flow type: the sum of the daily totals' main-currency values, as
// monthly_main keeps them per category. Reports that split value by currency (issue 21: the
// exchange-rate effect of each currency in the net-worth bridge) read one row per month and
// currency instead of every daily total. Rebuilt with monthly_main from the dirty months; the
// clean months of existing books are filled here from their valued totals.
export const m0026MonthlyMainCurrency: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('monthly_main_currency')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('month', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('business_type', 'text', (c) => c.notNull())
      .addColumn('is_income', 'integer', (c) => c.notNull())
      .addColumn('main_minor', 'bigint', (c) => c.notNull())
      .addColumn('main_frac', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('monthly_main_currency_pk', [
        'user_id',
        'month',
        'currency',
        'kind',
        'business_type',
        'is_income',
      ])
      .execute();
    // Sums over month ranges read only the index.
    await db.schema
      .createIndex('monthly_main_currency_covering')
      .on('monthly_main_currency')
      .columns(['user_id', 'month', 'currency', 'kind', 'business_type', 'is_income', 'main_minor', 'main_frac'])
      .execute();
    await fillMonthlyMainCurrency(db);
  },
};

/**
 * Fills the roll-up of every clean month from its valued daily totals (months still listed in
 * dirty_months are rebuilt, both roll-ups, by the next report).
 */
export async function fillMonthlyMainCurrency(db: Kysely<unknown>): Promise<void> {
  await sql`insert into monthly_main_currency
      (user_id, month, currency, kind, business_type, is_income, main_minor, main_frac)
    select user_id, month, currency, kind, business_type, is_income, sum(main_minor), sum(main_frac)
    from daily_totals
    where month is not null and main_minor is not null
      and not exists (select 1 from dirty_months d where d.user_id = daily_totals.user_id and d.month = daily_totals.month)
    group by user_id, month, currency, kind, business_type, is_income`.execute(db);
}
