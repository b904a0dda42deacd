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
}
