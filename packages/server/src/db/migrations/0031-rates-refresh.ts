import type { Kysely, Migration } from 'kysely';

// The last rates refresh attempt (issue 32), kept beside the store number in the one row of
// rates_version, so every instance tells its users why rates are stale, whichever instance (or
// the CLI's rates:refresh) ran it: when it ran, the error that failed it (null: it stored rates)
// and when a refresh last stored rates. Null before the first attempt.
export const m0031RatesRefresh: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('rates_version').addColumn('refresh_at', 'bigint').execute();
    await db.schema.alterTable('rates_version').addColumn('refresh_error', 'text').execute();
    await db.schema.alterTable('rates_version').addColumn('refresh_ok_at', 'bigint').execute();
  },
};
