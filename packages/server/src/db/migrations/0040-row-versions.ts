import type { Kysely, Migration } from 'kysely';

// Row versions (issue 36): a transaction or conversion starts at 1 and every change adds one. An
// edit or delete made offline names the version it was made on; when the row changed meanwhile,
// the server refuses it (409 version_conflict) and the person decides, never a silent overwrite.
// Undo's copies keep the version, so a row put back is the one a client saw under that number.
const TABLES = ['transactions', 'conversions', 'undo_transactions', 'undo_conversions'] as const;

export const m0040RowVersions: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES)
      await db.schema
        .alterTable(table)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
  },
};
