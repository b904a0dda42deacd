import type { BundleRow } from './bundle-csv.js';
import { daysBetween } from './dates.js';

/** A currency's rate changing by more than the allowed factor between two consecutive values. */
export interface Jump {
  code: string;
  fromDate: string;
  fromSource: string;
  fromRate: string;
  toDate: string;
  toSource: string;
  toRate: string;
  /** max(to/from, from/to), at least 1. */
  factor: number;
}

/**
 * Every change of a currency's rate by more than `limit` times (up or down) between its value on
 * one row and its next value, in row order. Rows whose date satisfies `checked` are examined, and
 * so is the step into the first of them, where one source hands over to the next.
 */
export function findJumps(rows: readonly BundleRow[], limit: number, checked: (date: string) => boolean): Jump[] {
  const last = new Map<string, { row: BundleRow; rate: string }>();
  const jumps: Jump[] = [];
  for (const row of rows) {
    for (const [code, rate] of row.rates) {
      const previous = last.get(code);
      last.set(code, { row, rate });
      if (previous === undefined || !checked(row.date)) continue;
      const ratio = Number(rate) / Number(previous.rate);
      const factor = Math.max(ratio, 1 / ratio);
      if (factor > limit) {
        jumps.push({
          code,
          fromDate: previous.row.date,
          fromSource: previous.row.source,
          fromRate: previous.rate,
          toDate: row.date,
          toSource: row.source,
          toRate: rate,
          factor,
        });
      }
    }
  }
  return jumps;
}

/** Missing calendar days between two consecutive dates of a list. */
export interface Gap {
  /** Last date before the gap. */
  after: string;
  /** First date after the gap. */
  before: string;
  /** Calendar days with no date between them. */
  missing: number;
}

/** The `count` longest gaps of an ascending date list, longest first (ties: earliest first). */
export function longestGaps(dates: readonly string[], count: number): Gap[] {
  const gaps: Gap[] = [];
  for (let i = 1; i < dates.length; i++) {
    const after = dates[i - 1] ?? '';
    const before = dates[i] ?? '';
    const missing = daysBetween(after, before) - 1;
    if (missing > 0) gaps.push({ after, before, missing });
  }
  return gaps.sort((a, b) => b.missing - a.missing || (a.after < b.after ? -1 : 1)).slice(0, count);
}

/** What the bundle holds for one currency. */
export interface Coverage {
  code: string;
  first: string;
  last: string;
  /** Days with a rate. */
  days: number;
  /** The longest run of calendar days without a rate between its first and last day. */
  longestGap: Gap | undefined;
}

/** Coverage of every code, in the order given. A code with no rate at all gets days 0 and empty dates. */
export function coverage(rows: readonly BundleRow[], codes: readonly string[]): Coverage[] {
  const datesByCode = new Map<string, string[]>(codes.map((code) => [code, []]));
  for (const row of rows) for (const code of row.rates.keys()) datesByCode.get(code)?.push(row.date);
  return codes.map((code) => {
    const dates = datesByCode.get(code) ?? [];
    return {
      code,
      first: dates[0] ?? '',
      last: dates.at(-1) ?? '',
      days: dates.length,
      longestGap: longestGaps(dates, 1)[0],
    };
  });
}

/** A single value far off both its neighbours, which agree with each other: a publishing error. */
export interface Spike {
  code: string;
  date: string;
  source: string;
  rate: string;
  previous: string;
  next: string;
}

/**
 * Values on rows whose date satisfies `checked` that differ by more than `limit` times from both
 * the currency's previous and next value while those two are within `limit` of each other. A
 * lasting change (devaluation, redenomination) is not a spike: its next value stays changed.
 */
export function findSpikes(rows: readonly BundleRow[], limit: number, checked: (date: string) => boolean): Spike[] {
  const series = new Map<string, { row: BundleRow; rate: number }[]>();
  for (const row of rows) {
    for (const [code, rate] of row.rates) {
      const list = series.get(code) ?? [];
      list.push({ row, rate: Number(rate) });
      series.set(code, list);
    }
  }
  const factor = (a: number, b: number): number => Math.max(a / b, b / a);
  const spikes: Spike[] = [];
  for (const [code, list] of series) {
    for (let i = 1; i + 1 < list.length; i++) {
      const [previous, current, next] = [list[i - 1], list[i], list[i + 1]];
      if (previous === undefined || current === undefined || next === undefined || !checked(current.row.date)) continue;
      if (
        factor(current.rate, previous.rate) > limit &&
        factor(current.rate, next.rate) > limit &&
        factor(previous.rate, next.rate) <= limit
      ) {
        spikes.push({
          code,
          date: current.row.date,
          source: current.row.source,
          rate: current.row.rates.get(code) ?? '',
          previous: previous.row.rates.get(code) ?? '',
          next: next.row.rates.get(code) ?? '',
        });
      }
    }
  }
  return spikes.sort((a, b) => (a.date === b.date ? (a.code < b.code ? -1 : 1) : a.date < b.date ? -1 : 1));
}

/** The rows without the given (date, code) values; a row left with no rate at all is dropped. */
export function withoutValues(
  rows: readonly BundleRow[],
  drop: readonly { date: string; code: string }[],
): BundleRow[] {
  const dropped = new Set(drop.map((d) => `${d.date} ${d.code}`));
  return rows
    .map((row) => ({ ...row, rates: new Map([...row.rates].filter(([code]) => !dropped.has(`${row.date} ${code}`))) }))
    .filter((row) => row.rates.size > 0);
}
