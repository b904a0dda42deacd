import { findCurrency } from './currencies.js';
import { minorToMajor } from './amount.js';

/** A currency's decimals; unknown codes count 2, as formatMoney shows them (spec §9). */
export const decimalsOf = (currency: string) => findCurrency(currency)?.decimals ?? 2;

/**
 * A major-unit amount as the API sends it (a JSON number with at most the currency's decimals)
 * in exact minor units. Rounding only removes binary noise such as 1.1 * 100 = 110.00000000000001.
 */
export function majorToMinor(amount: number, currency: string): bigint {
  return BigInt(Math.round(amount * 10 ** decimalsOf(currency)));
}

/** The exact sum of major-unit amounts of one currency: in minor units, so 0.1 + 0.2 is 0.3. */
export function sumMajor(currency: string, ...amounts: number[]): number {
  const total = amounts.reduce((acc, a) => acc + majorToMinor(a, currency), 0n);
  return minorToMajor(total, decimalsOf(currency));
}
