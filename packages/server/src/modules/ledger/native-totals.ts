import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { MonthRange } from './daily-totals.js';
import type { FlowTotal } from './flows.js';
import { filterWhere, type MainFilter } from './main-filter.js';

/**
 * The daily totals of the months firstMonth..lastMonth that match `filter`, each in its own
 * currency, leaving out those that sum to zero: for a report that values them itself, when a
 * currency with no rate at all keeps the stored main values from being settled (budgets).
 */
export async function nativeTotals(
  db: Kysely<DB>,
  userId: number,
  [firstMonth, lastMonth]: MonthRange,
  filter: MainFilter,
): Promise<FlowTotal[]> {
  const rows = await db
    .selectFrom('daily_totals')
    .select(['day', 'currency', 'category_id', 'kind', 'business_type', 'is_income', 'amount'])
    .where('user_id', '=', userId)
    .where('month', '>=', firstMonth)
    .where('month', '<=', lastMonth)
    .where((eb) => filterWhere(eb, filter))
    .where('amount', '<>', 0)
    .execute();
  return rows.map((r) => ({
    day: r.day,
    currency: r.currency,
    categoryId: r.category_id,
    kind: r.kind,
    businessType: r.business_type,
    isIncome: r.is_income === 1,
    amount: BigInt(r.amount),
  }));
}
