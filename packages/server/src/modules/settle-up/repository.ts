import type { Kysely, Selectable } from 'kysely';
import type { DB, SettlementsTable } from '../../db/schema.js';
import { sharesFromColumn, type Share } from '../ledger/index.js';

/** A split expense as settle-up reads it (amount in minor units of its currency). */
export interface SplitExpense {
  amount: bigint;
  currency: string;
  day: number;
  paidBy: number;
  shares: Share[];
}

export type SettlementRow = Selectable<SettlementsTable>;

/** SQL of settling up: the book's split expenses and its settlements; every query scoped by book. */
export class SettleUpRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The split expenses with start <= time <= end (the partial index transactions_shared reads only these). */
  async splitExpenses(bookId: number, start: number, end: number): Promise<SplitExpense[]> {
    const rows = await this.db
      .selectFrom('transactions')
      .select(['amount', 'currency', 'day', 'paid_by', 'shares', 'created_by', 'user_id'])
      .where('user_id', '=', bookId)
      .where('shares', 'is not', null)
      .where('time', '>=', start)
      .where('time', '<=', end)
      // A split row moved to an income or another kind by a bulk edit no longer splits.
      .where('kind', '=', 'real')
      .where('is_income', '=', 0)
      .execute();
    return rows.flatMap((r) => {
      const shares = sharesFromColumn(r.shares);
      if (shares === null) return [];
      const paidBy = r.paid_by ?? r.created_by ?? r.user_id;
      return [{ amount: BigInt(r.amount), currency: r.currency, day: r.day, paidBy, shares }];
    });
  }

  /** Settlements with start <= time <= end, newest first. */
  async settlements(bookId: number, start: number, end: number): Promise<SettlementRow[]> {
    return this.db
      .selectFrom('settlements')
      .selectAll()
      .where('user_id', '=', bookId)
      .where('time', '>=', start)
      .where('time', '<=', end)
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async insert(settlement: Omit<SettlementRow, 'id'>): Promise<SettlementRow> {
    return this.db.insertInto('settlements').values(settlement).returningAll().executeTakeFirstOrThrow();
  }

  /** Deletes the book's settlement; false when there is none with that id. */
  async delete(bookId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('settlements')
      .where('user_id', '=', bookId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
