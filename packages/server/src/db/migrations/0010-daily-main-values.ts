import { sql, type Kysely, type Migration } from 'kysely';

// The month key of a UTC day (year × 12 + month index), as ledger/daily-totals.ts computes it.
function monthOfDay(day: number): number {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

// Reports sum daily totals in the main currency. Converting every row on every request made
// their cost grow with the interval (DESIGN §4: each day at its own rate), so each daily total
// keeps its main-currency value beside it: whole minor units plus the fraction in 10^-12 minor
// units, so SQL can add them exactly in 64-bit integers. NULL means "not valued yet": a write
// or a rate change clears it and the next report values the row again. `month` lets monthly
// reports group in SQL.
export const m0010DailyMainValues: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('daily_totals').addColumn('month', 'integer').execute();
    await db.schema.alterTable('daily_totals').addColumn('main_minor', 'bigint').execute();
    await db.schema.alterTable('daily_totals').addColumn('main_frac', 'bigint').execute();
    const days = await sql<{ day: number }>`select distinct day from daily_totals`.execute(db);
    for (const { day } of days.rows)
      await sql`update daily_totals set month = ${monthOfDay(day)} where day = ${day}`.execute(db);
    // Rows waiting for a value, found without scanning the user's whole history.
    await db.schema
      .createIndex('daily_totals_unvalued')
      .on('daily_totals')
      .columns(['user_id', 'day'])
      .where(sql.ref('main_minor'), 'is', null)
      .execute();
    // Reports read main values per day range, grouped by flow type, category or month: covering.
    await db.schema
      .createIndex('daily_totals_main')
      .on('daily_totals')
      .columns([
        'user_id',
        'day',
        'kind',
        'business_type',
        'is_income',
        'category_id',
        'month',
        'main_minor',
        'main_frac',
      ])
      .execute();
    await db.schema
      .createTable('ledger_meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};
