import type { BundleRow } from './bundle-csv.js';

/** A row that lost to another row of the same date. */
export interface Superseded {
  date: string;
  kept: string;
  dropped: string;
}

/**
 * One row per date, the last one given winning. currency-api publishes one version a day, but a
 * republished day would appear twice; callers pass rows oldest version first, so the newest wins.
 */
export function keepLastPerDate(rows: readonly BundleRow[]): { rows: BundleRow[]; superseded: Superseded[] } {
  const byDate = new Map<string, BundleRow>();
  const superseded: Superseded[] = [];
  for (const row of rows) {
    const earlier = byDate.get(row.date);
    if (earlier !== undefined) superseded.push({ date: row.date, kept: row.source, dropped: earlier.source });
    byDate.set(row.date, row);
  }
  return { rows: [...byDate.values()].sort((a, b) => compare(a.date, b.date)), superseded };
}

/**
 * The bundle's days: `early` rows dated on or before `cutoff`, then `late` rows dated after it,
 * ascending, without rows that have no rates. Each source must give a date at most once.
 */
export function mergeRows(early: readonly BundleRow[], late: readonly BundleRow[], cutoff: string): BundleRow[] {
  const merged = [...early.filter((row) => row.date <= cutoff), ...late.filter((row) => row.date > cutoff)]
    .filter((row) => row.rates.size > 0)
    .sort((a, b) => compare(a.date, b.date));
  merged.forEach((row, i) => {
    if (merged[i - 1]?.date === row.date) throw new Error(`merge: ${row.date} appears twice in ${row.source}`);
  });
  return merged;
}

/** "YYYY-MM-DD" strings sort as dates; a plain code-unit comparison keeps the order locale-free. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
