import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { olderThan, type Keyset } from '../../db/keyset.js';
import { transactionFromColumns as toRow, type TransactionRow } from '../ledger/index.js';

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

/** Reads of transactions; every query is scoped by user. The ledger writer writes them (ledger/writer.ts). */
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
}
