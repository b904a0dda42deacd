import type { BusinessType, CategoryType } from '@kassa/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, TransactionsTable } from '../../db/schema.js';

/** A stored transaction (amount in minor units, time in epoch ms, day = UTC day number). */
export interface TransactionRow {
  id: number;
  categoryId: number;
  kind: CategoryType;
  businessType: BusinessType | null;
  isIncome: boolean;
  amount: number;
  currency: string;
  description: string;
  time: number;
  day: number;
}

/** Which transactions to list; empty arrays mean "any". */
export interface TransactionQuery {
  start?: number | undefined;
  end?: number | undefined;
  categoryIds?: readonly number[];
  currencies?: readonly string[];
  directions?: readonly boolean[];
  /** Keyset paging: only rows strictly older than (time, id). */
  before?: { time: number; id: number } | undefined;
  limit?: number | undefined;
}

function toRow(r: Selectable<TransactionsTable>): TransactionRow {
  return {
    id: r.id,
    categoryId: r.category_id,
    kind: r.kind,
    businessType: r.business_type,
    isIncome: r.is_income === 1,
    amount: r.amount,
    currency: r.currency,
    description: r.description,
    time: r.time,
    day: r.day,
  };
}

/** The columns of a transaction row (bulk loading shares this mapping). */
export const toColumns = (t: Omit<TransactionRow, 'id'>) => ({
  category_id: t.categoryId,
  kind: t.kind,
  business_type: t.businessType,
  is_income: t.isIncome ? 1 : 0,
  amount: t.amount,
  currency: t.currency,
  description: t.description,
  time: t.time,
  day: t.day,
});

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
    const before = q.before;
    if (before !== undefined) {
      query = query.where((eb) =>
        eb.or([eb('time', '<', before.time), eb.and([eb('time', '=', before.time), eb('id', '<', before.id)])]),
      );
    }
    query = query.orderBy('time', 'desc').orderBy('id', 'desc');
    if (q.limit !== undefined) query = query.limit(q.limit);
    return (await query.execute()).map(toRow);
  }

  async insert(userId: number, t: Omit<TransactionRow, 'id'>, at: number): Promise<number> {
    const row = await this.db
      .insertInto('transactions')
      .values({ user_id: userId, ...toColumns(t), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(userId: number, id: number, t: Omit<TransactionRow, 'id'>, at: number): Promise<void> {
    await this.db
      .updateTable('transactions')
      .set({ ...toColumns(t), updated_at: at })
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
