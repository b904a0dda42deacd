import type { ConversionRow } from '../ledger/index.js';
import { roundScaled, SCALE } from '../ledger/index.js';

// What the insights share: day arithmetic, rates as shown, and exact sums split into whole units.

export const MS_PER_DAY = 86_400_000;
/** Conversions listed by conversion-costs at most (its totals count every one): the bounded-list cap. */
export const MAX_COST_ITEMS = 5_000;
/** Exposure gives one point a day up to this many days, one a week beyond (about 13 months). */
export const EXPOSURE_DAILY_DAYS = 400;
/** DESIGN §5: a month counts 30.42 days (held as hundredths, so the average is exact). */
export const DAYS_PER_MONTH_HUNDREDTHS = 3042n;

export const iso = (ms: number) => new Date(ms).toISOString();
/**
 * A rate as shown: 10 significant digits. Rates are display values (amounts never come from
 * them), so a float quotient of the exact integers is enough here, and ten times cheaper than
 * exact decimal formatting for thousands of conversions.
 */
export const display = (rate: number) => Number(rate.toPrecision(10));
export const endOfDay = (day: number) => (day + 1) * MS_PER_DAY - 1;

/** The main-currency values of one conversion's legs (10^-12 minor units) and its cost. */
export interface ValuedConversion {
  row: ConversionRow;
  from: bigint;
  to: bigint;
  /** from − to: > 0 is money lost. */
  cost: bigint;
}

/** Adds to a per-key bigint map. */
export function addTo<K>(map: Map<K, bigint>, key: K, value: bigint): void {
  map.set(key, (map.get(key) ?? 0n) + value);
}

/**
 * Splits `target` whole minor units among entries whose exact values (10^-12 units) sum to
 * within a few units of it: each entry is its exact value rounded half to even, and the units
 * left over go one at a time to the entry rounded furthest the other way (largest remainder), so
 * every entry stays within a unit of its exact value unless more units are left than entries.
 */
export function apportion(exact: readonly bigint[], target: bigint): bigint[] {
  const rounded = exact.map((e) => roundScaled(e));
  let left = target - rounded.reduce((a, b) => a + b, 0n);
  while (left !== 0n && rounded.length > 0) {
    const up = left > 0n;
    let best = 0;
    let bestGap: bigint | undefined;
    exact.forEach((e, i) => {
      const gap = e - (rounded[i] ?? 0n) * SCALE; // > 0: rounded down
      if (bestGap === undefined || (up ? gap > bestGap : gap < bestGap)) {
        best = i;
        bestGap = gap;
      }
    });
    rounded[best] = (rounded[best] ?? 0n) + (up ? 1n : -1n);
    left += up ? -1n : 1n;
  }
  return rounded;
}
