import type { Kysely, Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Import of bank files (DESIGN §9, docs/DECISIONS.md "Import"):
// - import_batches: one uploaded file, from preview to commit (and undo); options, accounts and
//   what the commit replaced are JSON text, read and written whole.
// - import_rows: the stored preview as JSON chunks of rows (keyed by their first line), so commit
//   writes exactly what was shown.
// - import_links: what a commit wrote per row, and the keys later imports recognise it by
//   (external id, versioned fingerprint); kept after the transaction is edited or deleted.
// - import_profiles: the CSV mapping a user confirmed for a pocket, used on the next file.
// - import_rejected_pairs: transfer or conversion pairs the user said were not one.
export const m0014Import: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('import_batches'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('accounts', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('row_count', 'integer', (c) => c.notNull())
      .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('paired_lines', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('replaced', 'text')
      .addColumn('fixpoint_id', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('committed_at', 'bigint')
      .addColumn('undone_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('import_batches_user')
      .on('import_batches')
      .columns(['user_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('import_rows')
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('import_batches.id').onDelete('cascade'))
      .addColumn('line', 'integer', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_rows_pk', ['batch_id', 'line'])
      .execute();

    await withIdColumn(db, db.schema.createTable('import_links'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('import_batches.id').onDelete('cascade'))
      .addColumn('pocket_id', 'integer', (c) => c.notNull().references('pockets.id').onDelete('cascade'))
      .addColumn('line', 'integer', (c) => c.notNull())
      .addColumn('transaction_id', 'integer')
      .addColumn('conversion_id', 'integer')
      .addColumn('external_id', 'text')
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('payee', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('import_links_external')
      .on('import_links')
      .columns(['user_id', 'pocket_id', 'external_id'])
      .execute();
    await db.schema
      .createIndex('import_links_fingerprint')
      .on('import_links')
      .columns(['user_id', 'pocket_id', 'fingerprint'])
      .execute();
    await db.schema.createIndex('import_links_batch').on('import_links').column('batch_id').execute();
    await db.schema.createIndex('import_links_transaction').on('import_links').column('transaction_id').execute();
    await db.schema.createIndex('import_links_payee').on('import_links').columns(['user_id', 'payee']).execute();
    await db.schema
      .createIndex('import_links_day')
      .on('import_links')
      .columns(['user_id', 'currency', 'day'])
      .execute();

    await db.schema
      .createTable('import_profiles')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('pocket_id', 'integer', (c) => c.notNull().references('pockets.id').onDelete('cascade'))
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_profiles_pk', ['user_id', 'pocket_id'])
      .execute();

    await db.schema
      .createTable('import_rejected_pairs')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('first', 'text', (c) => c.notNull())
      .addColumn('second', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_rejected_pairs_pk', ['user_id', 'first', 'second'])
      .execute();
  },
};
