import type { ExpressionBuilder } from 'kysely';
import type { DailyTotalsTable, DB } from '../../db/schema.js';
import type { FlowTotal } from './flows.js';

// Which daily totals a sum counts, as SQL over the totals (and their roll-ups) and as a test of
// the totals the raw rows of a partial day make: both must count the same totals.

/** Which totals count: every list empty or absent means "any". */
export interface MainFilter {
  categoryIds?: readonly number[];
  currencies?: readonly string[];
  isIncome?: readonly boolean[];
  kinds?: readonly DailyTotalsTable['kind'][];
  /** '' is the type of every total but a business one. */
  businessTypes?: readonly DailyTotalsTable['business_type'][];
}

export const any = <T>(list: readonly T[] | undefined): list is readonly T[] => list !== undefined && list.length > 0;

/** The filter as a condition on daily totals (or a roll-up, which has those of their columns it keeps). */
export function filterWhere(eb: ExpressionBuilder<DB, 'daily_totals'>, filter: MainFilter) {
  const terms = [];
  if (any(filter.categoryIds)) terms.push(eb('category_id', 'in', filter.categoryIds));
  if (any(filter.currencies)) terms.push(eb('currency', 'in', filter.currencies));
  if (any(filter.isIncome))
    terms.push(
      eb(
        'is_income',
        'in',
        filter.isIncome.map((b) => (b ? 1 : 0)),
      ),
    );
  if (any(filter.kinds)) terms.push(eb('kind', 'in', filter.kinds));
  if (any(filter.businessTypes)) terms.push(eb('business_type', 'in', filter.businessTypes));
  return eb.and(terms);
}

/** The filter as a test of one total read from the rows. */
export const matcherOf = (filter: MainFilter) => (t: FlowTotal) =>
  (!any(filter.categoryIds) || filter.categoryIds.includes(t.categoryId)) &&
  (!any(filter.currencies) || filter.currencies.includes(t.currency)) &&
  (!any(filter.isIncome) || filter.isIncome.includes(t.isIncome)) &&
  (!any(filter.kinds) || filter.kinds.includes(t.kind)) &&
  (!any(filter.businessTypes) || filter.businessTypes.includes(t.businessType));
