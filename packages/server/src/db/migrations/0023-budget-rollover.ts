import type { Kysely, Migration } from 'kysely';

// Budgets (docs/DECISIONS.md, Budgets): per expense category, whether the month's unspent (or
// overspent) amount carries into the next month. 0 = off, the behaviour every category had.
export const m0023BudgetRollover: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('categories')
      .addColumn('rollover', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
