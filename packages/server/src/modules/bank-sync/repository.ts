import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type {
  BankAccountsTable,
  BankConnectionsTable,
  BankPendingTable,
  BankSyncLogTable,
} from '../../db/tables/bank-sync.js';

// The SQL of bank connections, their accounts, pending rows and sync log. Every query names the
// book (user_id): another book's ids find nothing.

export type ConnectionRow = Selectable<BankConnectionsTable>;
export type AccountRow = Selectable<BankAccountsTable>;
export type PendingRow = Selectable<BankPendingTable>;
export type LogRow = Selectable<BankSyncLogTable>;

export class BankSyncRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertConnection(row: Insertable<BankConnectionsTable>): Promise<number> {
    const { id } = await this.db.insertInto('bank_connections').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  connection(bookId: number, id: number): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('bank_connections')
      .selectAll()
      .where('user_id', '=', bookId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  connections(bookId: number): Promise<ConnectionRow[]> {
    return this.db.selectFrom('bank_connections').selectAll().where('user_id', '=', bookId).orderBy('id').execute();
  }

  async updateConnection(bookId: number, id: number, patch: Updateable<BankConnectionsTable>): Promise<void> {
    await this.db
      .updateTable('bank_connections')
      .set(patch)
      .where('user_id', '=', bookId)
      .where('id', '=', id)
      .execute();
  }

  async deleteConnection(bookId: number, id: number): Promise<boolean> {
    // Pending rows, accounts and the log go with it (foreign keys); import batches keep their rows.
    await this.db.deleteFrom('bank_pending').where('user_id', '=', bookId).where('connection_id', '=', id).execute();
    await this.db.deleteFrom('bank_sync_log').where('user_id', '=', bookId).where('connection_id', '=', id).execute();
    await this.db.deleteFrom('bank_accounts').where('user_id', '=', bookId).where('connection_id', '=', id).execute();
    const res = await this.db
      .deleteFrom('bank_connections')
      .where('user_id', '=', bookId)
      .where('id', '=', id)
      .executeTakeFirst();
    return res.numDeletedRows > 0n;
  }

  /**
   * Takes the connection's sync lease until `until`, unless another sync holds it: one sync at a
   * time per connection, across instances (the row is the lock, so any number of servers agree).
   */
  async takeLease(bookId: number, id: number, now: number, until: number): Promise<boolean> {
    const res = await this.db
      .updateTable('bank_connections')
      .set({ syncing_until: until })
      .where('user_id', '=', bookId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('syncing_until', 'is', null), eb('syncing_until', '<', now)]))
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  async releaseLease(bookId: number, id: number): Promise<void> {
    await this.updateConnection(bookId, id, { syncing_until: null });
  }

  accounts(bookId: number, connectionId: number): Promise<AccountRow[]> {
    return this.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('user_id', '=', bookId)
      .where('connection_id', '=', connectionId)
      .orderBy('id')
      .execute();
  }

  async insertAccount(row: Insertable<BankAccountsTable>): Promise<number> {
    const { id } = await this.db.insertInto('bank_accounts').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async updateAccount(bookId: number, id: number, patch: Updateable<BankAccountsTable>): Promise<void> {
    await this.db.updateTable('bank_accounts').set(patch).where('user_id', '=', bookId).where('id', '=', id).execute();
  }

  pending(bookId: number, connectionId: number, status?: PendingRow['status']): Promise<PendingRow[]> {
    let q = this.db
      .selectFrom('bank_pending')
      .selectAll()
      .where('user_id', '=', bookId)
      .where('connection_id', '=', connectionId);
    if (status !== undefined) q = q.where('status', '=', status);
    return q.orderBy('day', 'desc').orderBy('id', 'desc').execute();
  }

  async insertPending(row: Insertable<BankPendingTable>): Promise<void> {
    await this.db.insertInto('bank_pending').values(row).execute();
  }

  async updatePending(bookId: number, id: number, patch: Updateable<BankPendingTable>): Promise<void> {
    await this.db.updateTable('bank_pending').set(patch).where('user_id', '=', bookId).where('id', '=', id).execute();
  }

  async insertLog(row: Insertable<BankSyncLogTable>): Promise<void> {
    await this.db.insertInto('bank_sync_log').values(row).execute();
  }

  log(bookId: number, connectionId: number, limit: number): Promise<LogRow[]> {
    return this.db
      .selectFrom('bank_sync_log')
      .selectAll()
      .where('user_id', '=', bookId)
      .where('connection_id', '=', connectionId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The latest fixpoint stating the pocket, within [from, until] when given: where a sync's anchor
   * landed, or the pocket's last statement before a sync.
   */
  latestStatementOf(bookId: number, pocketId: number, within?: { from: number; until: number }) {
    return this.db
      .selectFrom('fixpoints')
      .innerJoin('pocket_states', 'pocket_states.fixpoint_id', 'fixpoints.id')
      .select(['fixpoints.id', 'fixpoints.time'])
      .where('fixpoints.user_id', '=', bookId)
      .where('pocket_states.user_id', '=', bookId)
      .where('pocket_states.pocket_id', '=', pocketId)
      .$if(within !== undefined, (q) =>
        q.where('fixpoints.time', '>=', within?.from ?? 0).where('fixpoints.time', '<=', within?.until ?? 0),
      )
      .orderBy('fixpoints.time', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The book's main currency (its founder's): what a scheduled sync values in. */
  async mainCurrencyOf(bookId: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('main_currency').where('id', '=', bookId).executeTakeFirst();
    return row?.main_currency ?? null;
  }

  /** Connections of every book due a scheduled sync (the job's one query across books). */
  due(before: number, limit: number): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('bank_connections')
      .selectAll()
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('last_sync_at', 'is', null), eb('last_sync_at', '<', before)]))
      .orderBy('last_sync_at')
      .limit(limit)
      .execute();
  }
}
