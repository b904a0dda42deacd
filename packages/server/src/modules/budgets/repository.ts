import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** An expense category with a monthly limit: what a budget is made of. */
export interface BudgetCategory {
  id: number;
  name: string;
  /** Minor units of the main currency. */
  limit: bigint;
  rollover: boolean;
}

/** One expense daily total of a budget category (the ledger's aggregate, in its own currency). */
export interface SpendingTotal {
  day: number;
  month: number;
  currency: string;
  categoryId: number;
  /** Minor units of `currency`. */
  amount: bigint;
}

/** SQL of budgets; every query is scoped by user. */
export class BudgetsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's active real expense categories that have a monthly limit, by name. */
  async categories(userId: number): Promise<BudgetCategory[]> {
    const rows = await this.db
      .selectFrom('categories')
      .select(['id', 'name', 'monthly_limit', 'rollover'])
      .where('user_id', '=', userId)
      .where('type', '=', 'real')
      .where('is_income', '=', 0)
      .where('is_active', '=', 1)
      .where('monthly_limit', 'is not', null)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      limit: BigInt(r.monthly_limit ?? 0),
      rollover: r.rollover === 1,
    }));
  }

  /**
   * The expense daily totals of the categories in months firstMonth..lastMonth (month keys), one
   * per day, currency and category (a real total has no business type). Read only when some
   * currency has no rate, so the stored main-currency values cannot be settled.
   */
  async spendingTotals(
    userId: number,
    categoryIds: readonly number[],
    firstMonth: number,
    lastMonth: number,
  ): Promise<SpendingTotal[]> {
    if (categoryIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('daily_totals')
      .select(['day', 'month', 'currency', 'category_id', 'amount'])
      .where('user_id', '=', userId)
      .where('month', '>=', firstMonth)
      .where('month', '<=', lastMonth)
      .where('kind', '=', 'real')
      .where('is_income', '=', 0)
      .where('category_id', 'in', categoryIds)
      .where('amount', '<>', 0)
      .execute();
    return rows.map((r) => ({
      day: r.day,
      month: r.month,
      currency: r.currency,
      categoryId: r.category_id,
      amount: BigInt(r.amount),
    }));
  }
}
