import type { Kysely } from 'kysely';
import { idSlices } from '../../db/id-slices.js';
import type { DB } from '../../db/schema.js';
import type { TransactionRow } from '../ledger/index.js';

/** The selected rows of one category and direction: what the bulk rules look at. */
export interface SelectedGroup {
  categoryId: number;
  kind: TransactionRow['kind'];
  isIncome: boolean;
  count: number;
}

/** Set-based SQL of transaction/bulk: a statement per slice of ids, never one per row. */
export class BulkTransactionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's rows among these ids, counted per category and direction (other users' rows are not seen). */
  async groups(userId: number, ids: readonly number[]): Promise<SelectedGroup[]> {
    const byKey = new Map<string, SelectedGroup>();
    for (const part of idSlices(ids)) {
      const rows = await this.db
        .selectFrom('transactions')
        .select((eb) => ['category_id', 'kind', 'is_income', eb.fn.countAll<number | string>().as('count')])
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .groupBy(['category_id', 'kind', 'is_income'])
        .execute();
      for (const r of rows) {
        const key = `${r.category_id}|${r.is_income}`;
        const group = byKey.get(key);
        if (group !== undefined) group.count += Number(r.count);
        else
          byKey.set(key, {
            categoryId: r.category_id,
            kind: r.kind,
            isIncome: r.is_income === 1,
            count: Number(r.count),
          });
      }
    }
    return [...byKey.values()];
  }

  /** The first of these ids that is not one of the user's transactions. */
  async firstMissing(userId: number, ids: readonly number[]): Promise<number | undefined> {
    for (const part of idSlices(ids)) {
      const found = await this.db
        .selectFrom('transactions')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .execute();
      const have = new Set(found.map((r) => r.id));
      const missing = part.find((id) => !have.has(id));
      if (missing !== undefined) return missing;
    }
    return undefined;
  }
}
