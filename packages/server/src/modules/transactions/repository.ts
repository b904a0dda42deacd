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
  /** Members who entered the rows (created_by); empty = anyone. */
  enteredBy?: readonly number[];
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
    let query = this.matching(userId, q).selectAll();
    if (q.before !== undefined) query = query.where(olderThan(q.before));
    query = query.orderBy('time', 'desc').orderBy('id', 'desc');
    if (q.limit !== undefined) query = query.limit(q.limit);
    return (await query.execute()).map(toRow);
  }

  /**
   * The matching real, loan, business and external rows summed per day, currency and direction
   * (paging ignored): the converted sum of a filter the daily totals cannot answer ("entered by").
   */
  async sumsByDay(
    userId: number,
    q: TransactionQuery,
  ): Promise<{ day: number; currency: string; isIncome: boolean; amount: bigint }[]> {
    const rows = await this.matching(userId, q)
      .select((eb) => ['day', 'currency', 'is_income', eb.fn.sum('amount').as('amount')])
      .groupBy(['day', 'currency', 'is_income'])
      .execute();
    return rows.map((r) => ({
      day: r.day,
      currency: r.currency,
      isIncome: r.is_income === 1,
      amount: BigInt(r.amount),
    }));
  }

  /** The rows a query's filters match, in any order. */
  private matching(userId: number, q: TransactionQuery) {
    let query = this.db.selectFrom('transactions').where('user_id', '=', userId);
    if (q.start !== undefined) query = query.where('time', '>=', q.start);
    if (q.end !== undefined) query = query.where('time', '<=', q.end);
    if (q.categoryIds !== undefined && q.categoryIds.length > 0)
      query = query.where('category_id', 'in', q.categoryIds);
    if (q.currencies !== undefined && q.currencies.length > 0) query = query.where('currency', 'in', q.currencies);
    // [true, true] is one direction, not both.
    const directions = new Set(q.directions ?? []);
    if (directions.size === 1) query = query.where('is_income', '=', directions.has(true) ? 1 : 0);
    if (q.enteredBy !== undefined && q.enteredBy.length > 0) query = query.where('created_by', 'in', q.enteredBy);
    return query;
  }
}
