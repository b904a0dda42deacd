import { sql, type Kysely, type Migration } from 'kysely';

// Every store of exchange rates (feed refresh, CLI import) takes the next number from the one-row
// rates_version and writes it on the rows it stores. A running instance reads that row at most
// once a second; when it moved, it reloads its rate table and revalues from the first day of the
// rows stored since the version it had, so rates stored by another process are in use within
// seconds (docs/DECISIONS.md, "Rates across processes").
export const m0015RatesVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rates_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into rates_version (id, version) values (1, 0)`.execute(db);
    await db.schema
      .alterTable('exchange_rates')
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('exchange_rates_version').on('exchange_rates').column('version').execute();
  },
};
