import type { BalanceHistory, MultiPeriod } from '@kassa/contract';
import { sumMajor } from '@kassa/money';
import { t } from './i18n';
import { otherName, TOP_CATEGORIES } from './shares';

/** One chart series: a safe data key (category names may hold dots, which recharts reads as paths) and its label. */
export interface ChartLine {
  key: string;
  label: string;
}

export interface ChartRows {
  rows: Record<string, number | string>[];
  lines: ChartLine[];
}

/** The x-axis key of chart rows. */
export const X_KEY = 'x';

/**
 * The stacked multi-period chart from analytics/multiperiod: a row per month, the first 7 category
 * series as the server ranks them and every later one (the server's own 'Other' included) summed
 * exactly into one 'Other'. Undefined when no category has anything in the period. Series are told
 * apart by their place, never their name (the server sends "dates" first, then its ranked
 * categories, then its "Other"): a category named "dates" or "Other" is a category like any.
 */
export function multiPeriodRows(answer: MultiPeriod, currency: string): ChartRows | undefined {
  const months = answer[0]?.values.map(String) ?? [];
  const categories = answer
    .slice(1)
    .map((s) => ({ name: s.name, values: s.values.map((v) => (typeof v === 'number' ? v : Number(v))) }));
  if (!categories.some((c) => c.values.some((v) => v !== 0))) return undefined;
  const named = categories.slice(0, TOP_CATEGORIES);
  const rest = categories.slice(TOP_CATEGORIES);
  const series = [...named];
  if (rest.length > 0) {
    // A category of the user's own called 'Other' keeps its name; the remainder says what it is.
    const other = otherName();
    const taken = named.some((c) => c.name === other);
    series.push({
      name: taken ? t('otherRest') : other,
      values: months.map((_, i) => sumMajor(currency, ...rest.map((c) => c.values[i] ?? 0))),
    });
  }
  const lines = series.map((s, i) => ({ key: `s${i}`, label: s.name }));
  const rows = months.map((month, i) => {
    const row: Record<string, number | string> = { [X_KEY]: month };
    series.forEach((s, j) => (row[`s${j}`] = s.values[i] ?? 0));
    return row;
  });
  return { rows, lines };
}

/** The balance-history series (spec §2), in legend order. */
const HISTORY_KEYS = ['available', 'loaned', 'businesspending', 'networth'] as const satisfies readonly (keyof Omit<
  BalanceHistory,
  'dates'
>)[];

/** The balance-history lines with their labels in the current language. */
export function historyLines(): ChartLine[] {
  return HISTORY_KEYS.map((key) => ({ key, label: t(`history.${key}`) }));
}

/** A row per day of analytics/balance-history. */
export function historyRows(h: BalanceHistory): Record<string, number | string>[] {
  return h.dates.map((date, i) => {
    const row: Record<string, number | string> = { [X_KEY]: date };
    for (const key of HISTORY_KEYS) row[key] = h[key][i] ?? 0;
    return row;
  });
}
