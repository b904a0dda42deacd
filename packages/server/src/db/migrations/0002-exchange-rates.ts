import type { Kysely, Migration } from 'kysely';

// Rates stored by the live refresh and by imports. The bundled history is not copied here:
// it is read from packages/server/data at start, and these rows are laid over it.
export const m0002ExchangeRates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('exchange_rates')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      // Units of currency per 1 EUR as an exact decimal string ("1.0856").
      .addColumn('rate', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('stored_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('exchange_rates_pk', ['day', 'currency'])
      .execute();
  },
};
