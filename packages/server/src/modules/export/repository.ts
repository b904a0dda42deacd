import type { CategoryType } from '@kassa/contract';
import type { Kysely } from 'kysely';
import { newerThan, type Keyset } from '../../db/keyset.js';
import type { DB } from '../../db/schema.js';
import {
  conversionFromColumns,
  transactionFromColumns,
  type ConversionRow,
  type FixpointRow,
  type TransactionRow,
} from '../ledger/index.js';

/** Which rows an export reads; empty arrays mean "any". */
export interface ExportRowQuery {
  start?: number | undefined;
  end?: number | undefined;
  categoryIds?: readonly number[];
  currencies?: readonly string[];
  /** [true] = IN only, [false] = OUT only; both or none = any. */
  directions?: readonly boolean[];
  /** Category kinds of the transactions to read; empty = any. */
  kinds?: readonly CategoryType[];
  /** Members who entered the rows (created_by, issue 34); empty = anyone. */
  enteredBy?: readonly number[];
}

/** SQL of the exports: pages oldest first (time, then id), every query scoped by user. */
export class ExportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The next page of matching transactions after `after` (the last row of the previous page). */
  async transactionsPage(
    userId: number,
    q: ExportRowQuery,
    after: Keyset | undefined,
    limit: number,
  ): Promise<TransactionRow[]> {
    let query = this.db.selectFrom('transactions').selectAll().where('user_id', '=', userId);
    if (q.start !== undefined) query = query.where('time', '>=', q.start);
    if (q.end !== undefined) query = query.where('time', '<=', q.end);
    if (q.categoryIds !== undefined && q.categoryIds.length > 0)
      query = query.where('category_id', 'in', q.categoryIds);
    if (q.currencies !== undefined && q.currencies.length > 0) query = query.where('currency', 'in', q.currencies);
    const directions = new Set(q.directions ?? []);
    if (directions.size === 1) query = query.where('is_income', '=', directions.has(true) ? 1 : 0);
    if (q.kinds !== undefined && q.kinds.length > 0) query = query.where('kind', 'in', q.kinds);
    if (q.enteredBy !== undefined && q.enteredBy.length > 0) query = query.where('created_by', 'in', q.enteredBy);
    if (after !== undefined) query = query.where(newerThan(after));
    const rows = await query.orderBy('time').orderBy('id').limit(limit).execute();
    return rows.map(transactionFromColumns);
  }

  /** The next page of conversions in [start, end] touching one of `currencies` (any when empty). */
  async conversionsPage(
    userId: number,
    q: Pick<ExportRowQuery, 'start' | 'end' | 'currencies' | 'enteredBy'>,
    after: Keyset | undefined,
    limit: number,
  ): Promise<ConversionRow[]> {
    let query = this.db.selectFrom('conversions').selectAll().where('user_id', '=', userId);
    if (q.start !== undefined) query = query.where('time', '>=', q.start);
    if (q.end !== undefined) query = query.where('time', '<=', q.end);
    const currencies = q.currencies ?? [];
    if (currencies.length > 0)
      query = query.where((eb) => eb.or([eb('from_currency', 'in', currencies), eb('to_currency', 'in', currencies)]));
    if (q.enteredBy !== undefined && q.enteredBy.length > 0) query = query.where('created_by', 'in', q.enteredBy);
    if (after !== undefined) query = query.where(newerThan(after));
    const rows = await query.orderBy('time').orderBy('id').limit(limit).execute();
    return rows.map(conversionFromColumns);
  }

  /** Every fixpoint, oldest first (a handful per month at most: they fit in memory). */
  async fixpoints(userId: number): Promise<FixpointRow[]> {
    return this.db
      .selectFrom('fixpoints')
      .select(['id', 'time'])
      .where('user_id', '=', userId)
      .orderBy('time')
      .orderBy('id')
      .execute();
  }

  /** Every currency the user's books mention: transactions, both sides of conversions, pockets. */
  async currenciesInUse(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('transactions')
      .select('currency')
      .where('user_id', '=', userId)
      .union(this.db.selectFrom('conversions').select('from_currency as currency').where('user_id', '=', userId))
      .union(this.db.selectFrom('conversions').select('to_currency as currency').where('user_id', '=', userId))
      .union(this.db.selectFrom('pockets').select('currency').where('user_id', '=', userId))
      .execute();
    return rows.map((r) => r.currency).sort();
  }
}
