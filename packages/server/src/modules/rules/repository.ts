import type { CategoryType } from '@kassa/contract';
import type { Kysely, Selectable } from 'kysely';
import type { CategoryRulesTable, DB } from '../../db/schema.js';
import type { MatchRule } from './match.js';

/** A rule as the service sees it; the range is in minor units of `currency`. */
export interface RuleRow extends MatchRule {
  id: number;
  position: number;
}

function toRow(r: Selectable<CategoryRulesTable>): RuleRow {
  return {
    id: r.id,
    match: r.match,
    pattern: r.pattern,
    categoryId: r.category_id,
    currency: r.currency,
    minAmount: r.min_amount,
    maxAmount: r.max_amount,
    position: r.position,
  };
}

const columns = (r: Omit<RuleRow, 'id'>) => ({
  match: r.match,
  pattern: r.pattern,
  category_id: r.categoryId,
  currency: r.currency,
  min_amount: r.minAmount,
  max_amount: r.maxAmount,
  position: r.position,
});

/** SQL for category rules; every query is scoped by user. */
export class RulesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's rules in the order they are tried: position, then id. */
  async list(userId: number): Promise<RuleRow[]> {
    const rows = await this.db
      .selectFrom('category_rules')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map(toRow);
  }

  async find(userId: number, id: number): Promise<RuleRow | undefined> {
    const row = await this.db
      .selectFrom('category_rules')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  /** The type of the user's category, or undefined when it is not theirs. */
  async categoryType(userId: number, categoryId: number): Promise<CategoryType | undefined> {
    const row = await this.db
      .selectFrom('categories')
      .select('type')
      .where('user_id', '=', userId)
      .where('id', '=', categoryId)
      .executeTakeFirst();
    return row?.type;
  }

  /** The position after the user's last rule. */
  async nextPosition(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('category_rules')
      .select((eb) => eb.fn.max<number | null>('position').as('last'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const last = row?.last ?? null;
    return last === null ? 0 : last + 1;
  }

  async insert(userId: number, r: Omit<RuleRow, 'id'>, createdAt: number): Promise<number> {
    const row = await this.db
      .insertInto('category_rules')
      .values({ user_id: userId, ...columns(r), created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(userId: number, r: RuleRow): Promise<void> {
    const { id, ...rest } = r;
    await this.db
      .updateTable('category_rules')
      .set(columns(rest))
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async delete(userId: number, id: number): Promise<void> {
    await this.db.deleteFrom('category_rules').where('user_id', '=', userId).where('id', '=', id).execute();
  }
}
