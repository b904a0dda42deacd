import { CATALOGUE } from './catalogue-data.js';
import type { CurrencyInfo } from './currency-info.js';

export type { CurrencyInfo } from './currency-info.js';

const BY_CODE: ReadonlyMap<string, CurrencyInfo> = new Map(CATALOGUE.map((c) => [c.code, c]));

/** Every supported currency (one per currency of the bundled rate history), EUR first, then by code. */
export function supportedCurrencies(): readonly CurrencyInfo[] {
  return CATALOGUE;
}

/** The catalogue entry of a code (exact, upper-case match), or undefined. */
export function findCurrency(code: string): CurrencyInfo | undefined {
  return BY_CODE.get(code);
}

/**
 * The catalogue entry of a code that must be supported (a stored currency, a user's main
 * currency); throws for anything else, since that would be corrupt data, not bad input.
 */
export function currencyInfo(code: string): CurrencyInfo {
  const info = BY_CODE.get(code);
  if (info === undefined) throw new Error(`unsupported currency ${code}`);
  return info;
}

/** Whether the code names a supported currency. */
export function isSupportedCurrency(code: string): boolean {
  return BY_CODE.has(code);
}
