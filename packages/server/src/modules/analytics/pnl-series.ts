import type { MultiPeriod } from '@kassa/contract';
import { isoFromDay, minorToMajor } from '@kassa/money';
import { firstDayOfMonth, roundScaled, type MainSum } from '../ledger/index.js';

/** P&L flows: real ones, and business pnl and realize (invest is not P&L yet). */
export const isPnl = (g: MainSum) => g.kind === 'real' || (g.kind === 'business' && g.businessType !== 'invest');
/** The main sums a P&L report reads: per category, one direction, real and business kinds. */
export const PNL_OF = (income: boolean) =>
  ({ byCategory: true, filter: { isIncome: [income], kinds: ['real', 'business'] } }) as const;

/** The "YYYY-MM" labels of the month keys (year × 12 + month index) firstMonth..lastMonth. */
export function monthLabels(firstMonth: number, lastMonth: number): string[] {
  const months: string[] = [];
  for (let m = firstMonth; m <= lastMonth; m++) months.push(isoFromDay(firstDayOfMonth(m)).slice(0, 7));
  return months;
}

/** The P&L flows' scaled sums per category and month, `months` months from firstMonth. */
export function sumsPerMonth(flows: readonly MainSum[], firstMonth: number, months: number): Map<number, bigint[]> {
  const sums = new Map<number, bigint[]>();
  for (const g of flows) {
    const i = g.month - firstMonth;
    if (!isPnl(g) || i < 0 || i >= months) continue;
    const perMonth = sums.get(g.categoryId) ?? Array.from({ length: months }, () => 0n);
    perMonth[i] = (perMonth[i] ?? 0n) + g.scaled;
    sums.set(g.categoryId, perMonth);
  }
  return sums;
}

/**
 * multiperiod's series: the dates, then the 7 categories with the largest totals, each on its own,
 * then "Other" summing the rest (when there is a rest).
 */
export function multiPeriodSeries(
  months: string[],
  sums: ReadonlyMap<number, bigint[]>,
  names: ReadonlyMap<number, string>,
  decimals: number,
): MultiPeriod {
  const rounded = [...sums].map(([categoryId, perMonth]) => {
    const values = perMonth.map((s) => roundScaled(s));
    return { categoryId, values, total: values.reduce((a, b) => a + b, 0n) };
  });
  rounded.sort((a, b) => (a.total === b.total ? a.categoryId - b.categoryId : a.total > b.total ? -1 : 1));
  const top = rounded.slice(0, 7);
  const rest = rounded.slice(7);
  const series: MultiPeriod = [{ name: 'dates', values: months }];
  for (const c of top)
    series.push({ name: names.get(c.categoryId) ?? '', values: c.values.map((v) => minorToMajor(v, decimals)) });
  if (rest.length > 0) {
    series.push({
      name: 'Other',
      values: months.map((_, i) =>
        minorToMajor(
          rest.reduce((a, c) => a + (c.values[i] ?? 0n), 0n),
          decimals,
        ),
      ),
    });
  }
  return series;
}
