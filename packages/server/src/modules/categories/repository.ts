import type { CategoryType } from '@kassa/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CategoriesTable, DB } from '../../db/schema.js';

/** A category as the services see it. monthlyLimit is in minor units of the main currency. */
export interface CategoryRow {
  id: number;
  name: string;
  type: CategoryType;
  description: string;
  isIncome: boolean | null;
  isBuiltIn: boolean;
  isActive: boolean;
  monthlyLimit: number | null;
  /** Budgets: the month's unspent (or overspent) amount carries into the next. */
  rollover: boolean;
  lastUsed: number;
}

export interface CategoryFilter {
  type?: CategoryType | undefined;
  active?: boolean | undefined;
  isIncome?: boolean | undefined;
}

const flag = (b: boolean) => (b ? 1 : 0);

function toRow(r: Selectable<CategoriesTable>): CategoryRow {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    description: r.description,
    isIncome: r.is_income === null ? null : r.is_income === 1,
    isBuiltIn: r.is_built_in === 1,
    isActive: r.is_active === 1,
    monthlyLimit: r.monthly_limit,
    rollover: r.rollover === 1,
    lastUsed: r.last_used,
  };
}

/** SQL for categories; every query is scoped by user. */
export class CategoriesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's categories matching the filter, most recently used first. */
  async list(userId: number, filter: CategoryFilter = {}): Promise<CategoryRow[]> {
    let q = this.db.selectFrom('categories').selectAll().where('user_id', '=', userId);
    if (filter.type !== undefined) q = q.where('type', '=', filter.type);
    if (filter.active !== undefined) q = q.where('is_active', '=', flag(filter.active));
    if (filter.isIncome !== undefined) q = q.where('is_income', '=', flag(filter.isIncome));
    const rows = await q.orderBy('last_used', 'desc').orderBy('id').execute();
    return rows.map(toRow);
  }

  async find(userId: number, id: number): Promise<CategoryRow | undefined> {
    const row = await this.db
      .selectFrom('categories')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  /**
   * The category of that type and direction whose name equals `name` case-insensitively, other
   * than `exceptId`. Written with the unique index's own expressions (categories_name_unique), so
   * it is one index lookup and agrees with the index on what counts as the same name.
   */
  async findByName(
    userId: number,
    type: CategoryType,
    isIncome: boolean | null,
    name: string,
    exceptId?: number,
  ): Promise<CategoryRow | undefined> {
    const row = await this.db
      .selectFrom('categories')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where(sql`coalesce(is_income, -1)`, '=', isIncome === null ? -1 : flag(isIncome))
      .where(sql`lower(name)`, '=', sql`lower(${name})`)
      .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId ?? 0))
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  /** Inserts a category; rollover is off unless given. */
  async insert(userId: number, c: Omit<CategoryRow, 'id' | 'rollover'> & { rollover?: boolean }): Promise<number> {
    const row = await this.db
      .insertInto('categories')
      .values({
        user_id: userId,
        name: c.name,
        type: c.type,
        description: c.description,
        is_income: c.isIncome === null ? null : flag(c.isIncome),
        is_built_in: flag(c.isBuiltIn),
        is_active: flag(c.isActive),
        monthly_limit: c.monthlyLimit,
        rollover: flag(c.rollover ?? false),
        last_used: c.lastUsed,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    userId: number,
    id: number,
    c: { name: string; description: string; isActive: boolean; monthlyLimit: number | null; rollover: boolean },
  ): Promise<void> {
    await this.db
      .updateTable('categories')
      .set({
        name: c.name,
        description: c.description,
        is_active: flag(c.isActive),
        monthly_limit: c.monthlyLimit,
        rollover: flag(c.rollover),
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async delete(userId: number, id: number): Promise<void> {
    await this.db.deleteFrom('categories').where('user_id', '=', userId).where('id', '=', id).execute();
  }

  async transactionCount(userId: number, id: number): Promise<number> {
    const row = await this.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow();
    return row.n;
  }
}
