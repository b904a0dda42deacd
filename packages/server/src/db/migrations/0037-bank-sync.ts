import { type Kysely, type Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Bank connections (issue 35). A connection belongs to a book and a provider; its credentials
// (SimpleFIN's access URL, Enable Banking's session id) are sealed with a key derived from the
// JWT secret, never answered and never in a backup. Each provider account may map to a pocket.
// Pending rows are kept apart from the ledger until the bank books them or they lapse. Every
// sync leaves a log line; its booked rows are an import batch that names its connection.
export const m0037BankSync: Migration = {
  async up(db: Kysely<unknown>) {
    const owned = (name: string) =>
      withIdColumn(db, db.schema.createTable(name)).addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      );

    await owned('bank_connections')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('credentials', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('consent_expires_at', 'bigint')
      .addColumn('retry_after', 'bigint')
      .addColumn('last_sync_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('pending_in_available', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('syncing_until', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .execute();
    await db.schema.createIndex('bank_connections_user').on('bank_connections').column('user_id').execute();

    await owned('bank_accounts')
      .addColumn('connection_id', 'integer', (c) => c.notNull().references('bank_connections.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('balance', 'bigint')
      .addColumn('balance_day', 'integer')
      .addColumn('pocket_id', 'integer', (c) => c.references('pockets.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('bank_accounts_connection_account', ['user_id', 'connection_id', 'account_id'])
      .execute();

    await owned('bank_pending')
      .addColumn('connection_id', 'integer', (c) => c.notNull().references('bank_connections.id').onDelete('cascade'))
      .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('bank_accounts.id').onDelete('cascade'))
      .addColumn('external_id', 'text', (c) => c.notNull())
      .addColumn('link', 'text')
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('payee', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('first_seen', 'bigint', (c) => c.notNull())
      .addColumn('last_seen', 'bigint', (c) => c.notNull())
      .addColumn('resolved_at', 'bigint')
      .addColumn('transaction_id', 'integer')
      .addColumn('note', 'text')
      .addUniqueConstraint('bank_pending_account_row', ['user_id', 'bank_account_id', 'external_id'])
      .execute();

    await owned('bank_sync_log')
      .addColumn('connection_id', 'integer', (c) => c.notNull().references('bank_connections.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('trigger', 'text', (c) => c.notNull())
      .addColumn('batch_id', 'integer')
      .addColumn('new_rows', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('posted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duplicate', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expired', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('anchors', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('bank_sync_log_connection')
      .on('bank_sync_log')
      .columns(['user_id', 'connection_id', 'at'])
      .execute();

    // Enable Banking's consent round trip: the state sent to /auth, kept as a hash until the user returns.
    await owned('bank_auth_states')
      .addColumn('state_hash', 'text', (c) => c.notNull().unique())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('bank', 'text', (c) => c.notNull())
      .addColumn('connection_id', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .execute();

    await db.schema
      .alterTable('import_batches')
      .addColumn('source', 'text', (c) => c.notNull().defaultTo('file'))
      .execute();
    await db.schema.alterTable('import_batches').addColumn('connection_id', 'integer').execute();
  },
};
