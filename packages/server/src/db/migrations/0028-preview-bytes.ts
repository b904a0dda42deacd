import type { Kysely, Migration } from 'kysely';

// Pending previews are capped per user in rows and in stored bytes (issue 31): each batch keeps
// the size of the rows it stored, so the cap is a sum over a few batches, not a scan of their JSON.
export const m0028PreviewBytes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('import_batches')
      .addColumn('stored_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
