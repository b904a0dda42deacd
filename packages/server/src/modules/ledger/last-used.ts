import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Marks currencies and categories as used at `at`: the pickers list the most recently used
 * first. Kept by the ledger writer beside the totals, since every row written uses them.
 */
export async function markUsed(
  db: Kysely<DB>,
  userId: number,
  used: { currencies?: readonly string[]; categoryIds?: readonly number[] },
  at: number,
): Promise<void> {
  const currencies = [...new Set(used.currencies ?? [])];
  const categoryIds = [...new Set(used.categoryIds ?? [])];
  if (currencies.length > 0)
    await db
      .updateTable('user_currencies')
      .set({ last_used: at })
      .where('user_id', '=', userId)
      .where('code', 'in', currencies)
      .execute();
  if (categoryIds.length > 0)
    await db
      .updateTable('categories')
      .set({ last_used: at })
      .where('user_id', '=', userId)
      .where('id', 'in', categoryIds)
      .execute();
}
