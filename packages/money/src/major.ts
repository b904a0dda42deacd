import { currencyInfo, findCurrency } from './currencies.js';
import { minorToMajor } from './amount.js';
import { divideHalfEven, pow10 } from './decimal.js';

/** A currency's decimals (ISO 4217 minor unit); throws for a code outside the catalogue. */
export const decimalsOf = (currency: string): number => currencyInfo(currency).decimals;

/**
 * Spec §9: a currency outside the catalogue is shown with 2 decimals. Only display and sums of
 * displayed figures fall back to it; stored amounts always carry a catalogued currency.
 */
export const UNKNOWN_CURRENCY_DECIMALS = 2;

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * A finite number at the decimal it prints as (its shortest round-trip form, which is what JSON
 * carried), in `decimals` decimals: exact, and rounded half to even only where it has more.
 */
function numberToMinor(amount: number, decimals: number): bigint {
  const match = NUMBER_TEXT.exec(String(amount));
  if (match === null) throw new Error(`not a finite amount: ${amount}`);
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const units = BigInt(sign + whole + fraction);
  const shift = decimals - fraction.length + Number(exponent); // value = units / 10^(fraction - exponent)
  return shift >= 0 ? units * pow10(shift) : divideHalfEven(units, pow10(-shift));
}

/** A major-unit amount as the API sends it (a JSON number with at most the currency's decimals) in exact minor units. */
export function majorToMinor(amount: number, currency: string): bigint {
  return numberToMinor(amount, decimalsOf(currency));
}

/** The exact sum of major-unit amounts of one currency: in minor units, so 0.1 + 0.2 is 0.3. */
export function sumMajor(currency: string, ...amounts: number[]): number {
  // Sums of figures on screen: an unknown code is summed as it is shown, at 2 decimals.
  const decimals = findCurrency(currency)?.decimals ?? UNKNOWN_CURRENCY_DECIMALS;
  const totalMinor = amounts.reduce((acc, a) => acc + numberToMinor(a, decimals), 0n);
  return minorToMajor(totalMinor, decimals);
}

/**
 * An amount in integer minor units of its currency (cents for EUR, yen for JPY): what rows,
 * totals and import links store, and what the ledger adds up. API payloads carry major units (a
 * JSON number like 12.5, `majorToMinor` / `minorToMajor` convert); a field typed `Minor` is never one.
 */
export type Minor = number;
