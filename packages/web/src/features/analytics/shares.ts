import type { CategoryAmount } from '@kassa/contract';
import { decimalsOf, divideHalfEven, majorToMinor, minorToMajor, sumMajor } from '@kassa/money';
import type { DayInterval } from '../../components/interval';
import { t } from './i18n';

/** Spec §9: pie and stacked charts show the 7 largest categories; the rest is one 'Other'. */
export const TOP_CATEGORIES = 7;
/** The remainder's name, in the current language ('Other'). */
export const otherName = (): string => t('other');

const MS_PER_DAY = 86_400_000;
/** Spec §9: a month counts 30.42 days, held as hundredths so the average is computed exactly. */
const DAYS_PER_MONTH_HUNDREDTHS = 3042n;

/**
 * The number of days an interval covers (start of its first day to 23:59:59 of its last). Rounded,
 * so a day that is 23 or 25 hours long at a daylight-saving change still counts as one.
 */
export function intervalDays(interval: DayInterval): number {
  return Math.max(1, Math.round((interval.end.getTime() - interval.start.getTime()) / MS_PER_DAY));
}

/**
 * Whether the monthly averages extrapolate (issue 22): a period shorter than a month, other than a
 * whole calendar month (a February), scales a few days up to 30.42, so a rent paid once in a
 * 23-day month-to-date reads as more than the rent. Such figures are marked as projected.
 */
export function projectedAverages(interval: DayInterval): boolean {
  const { start, end } = interval;
  const wholeMonth =
    start.getDate() === 1 &&
    start.getMonth() === end.getMonth() &&
    start.getFullYear() === end.getFullYear() &&
    new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1).getDate() === 1;
  return intervalDays(interval) < 30 && !wholeMonth;
}

/**
 * Monthly average (spec §9): amount / (days / 30.42) = amount x 30.42 / days, computed in exact
 * minor units and rounded once, half to even, to the currency's minor unit.
 */
export function monthlyAverage(amount: number, currency: string, days: number): number {
  const amountMinor = majorToMinor(amount, currency);
  const averageMinor = divideHalfEven(amountMinor * DAYS_PER_MONTH_HUNDREDTHS, BigInt(days) * 100n);
  return minorToMajor(averageMinor, decimalsOf(currency));
}

/** amount / sum x 100 with one decimal ("12.3"), exact and rounded half to even; "0.0" for an empty sum. */
export function percentText(amount: number, sum: number, currency: string): string {
  const sumMinor = majorToMinor(sum, currency);
  if (sumMinor === 0n) return '0.0';
  const tenths = divideHalfEven(majorToMinor(amount, currency) * 1000n, sumMinor);
  const abs = tenths < 0n ? -tenths : tenths;
  return `${tenths < 0n ? '-' : ''}${abs / 10n}.${abs % 10n}`;
}

export interface ShareRow {
  key: string;
  name: string;
  amount: number;
  monthly: number;
  percent: string;
}

export interface ShareTable {
  currency: string;
  rows: ShareRow[];
  sum: ShareRow;
}

/**
 * The single-period table: only categories above 0, largest first, each with its monthly average
 * and share of the sum; a Sum row. Undefined when nothing is left (the empty text shows instead).
 */
export function shareTable(list: readonly CategoryAmount[], days: number): ShareTable | undefined {
  const positive = list.filter((c) => c.asset.amount > 0).sort((a, b) => b.asset.amount - a.asset.amount);
  const first = positive[0];
  if (first === undefined) return undefined;
  const currency = first.asset.currency;
  const total = sumMajor(currency, ...positive.map((c) => c.asset.amount));
  const row = (key: string, name: string, amount: number): ShareRow => ({
    key,
    name,
    amount,
    monthly: monthlyAverage(amount, currency, days),
    percent: percentText(amount, total, currency),
  });
  return {
    currency,
    rows: positive.map((c) => row(String(c.categoryId), c.name, c.asset.amount)),
    sum: row('sum', t('onePeriod.sum'), total),
  };
}

export interface Slice {
  name: string;
  value: number;
}

/**
 * Pie slices (spec §9): the 7 largest positive values, the rest summed exactly into one 'Other'.
 * Values at or below 0 cannot be drawn as a slice and are left out.
 */
export function topSlices(items: readonly Slice[], currency: string, top = TOP_CATEGORIES): Slice[] {
  const positive = items.filter((i) => i.value > 0).sort((a, b) => b.value - a.value);
  if (positive.length <= top) return positive;
  const rest = positive.slice(top);
  return [...positive.slice(0, top), { name: otherName(), value: sumMajor(currency, ...rest.map((i) => i.value)) }];
}
