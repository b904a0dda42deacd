import type { Kysely, Migration } from 'kysely';

// Balances sum loan and business totals over all history; this index lets those sums read only
// the rows of one kind, straight from the index.
export const m0007TotalsByKind: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('daily_totals_kind')
      .on('daily_totals')
      .columns(['user_id', 'kind', 'day', 'currency', 'business_type', 'is_income', 'amount'])
      .execute();
  },
};
