import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { olderThan, type Keyset } from '../../db/keyset.js';
import {
  transactionColumns as toColumns,
  keptPocket,
  pocketColumn,
  transactionFromColumns as toRow,
  type TransactionRow,
} from '../ledger/rows.js';

/** Which transactions to list; empty arrays mean "any". */
export interface TransactionQuery {
  start?: number | undefined;
  end?: number | undefined;
  categoryIds?: readonly number[];
  currencies?: readonly string[];
  directions?: readonly boolean[];
  /** Keyset paging: only rows strictly older than (time, id). */
  before?: Keyset | undefined;
  limit?: number | undefined;
}

/** SQL for transactions; every query is scoped by user. */
export class TransactionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(userId: number, id: number): Promise<TransactionRow | undefined> {
    const row = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  /** Matching transactions, newest first (time, then id, descending). */
  async list(userId: number, q: TransactionQuery): Promise<TransactionRow[]> {
    let query = this.db.selectFrom('transactions').selectAll().where('user_id', '=', userId);
    if (q.start !== undefined) query = query.where('time', '>=', q.start);
    if (q.end !== undefined) query = query.where('time', '<=', q.end);
    if (q.categoryIds !== undefined && q.categoryIds.length > 0)
      query = query.where('category_id', 'in', q.categoryIds);
    if (q.currencies !== undefined && q.currencies.length > 0) query = query.where('currency', 'in', q.currencies);
    // [true, true] is one direction, not both.
    const directions = new Set(q.directions ?? []);
    if (directions.size === 1) query = query.where('is_income', '=', directions.has(true) ? 1 : 0);
    if (q.before !== undefined) query = query.where(olderThan(q.before));
    query = query.orderBy('time', 'desc').orderBy('id', 'desc');
    if (q.limit !== undefined) query = query.limit(q.limit);
    return (await query.execute()).map(toRow);
  }

  async insert(userId: number, t: Omit<TransactionRow, 'id'>, at: number): Promise<number> {
    const row = await this.db
      .insertInto('transactions')
      .values({ user_id: userId, ...toColumns(t), ...pocketColumn(t), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(userId: number, id: number, t: Omit<TransactionRow, 'id'>, at: number): Promise<void> {
    await this.db
      .updateTable('transactions')
      .set({ ...toColumns(t), pocket_id: keptPocket('currency', t.currency, 'pocket_id'), updated_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Locks the row for the rest of the database transaction and returns it as it is now (a no-op
   * update: PostgreSQL makes concurrent editors wait, so two edits cannot both start from the
   * same old row). Undefined when it is gone.
   */
  async lock(userId: number, id: number): Promise<TransactionRow | undefined> {
    const row = await this.db
      .updateTable('transactions')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  /** Deletes the row and returns it as it was; undefined when there was none (another request won). */
  async delete(userId: number, id: number): Promise<TransactionRow | undefined> {
    const row = await this.db
      .deleteFrom('transactions')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }
}
