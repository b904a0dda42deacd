import { formatRate } from '@kassa/money';

/**
 * How a daily rate reads: `rate` is units of `code` per 1 unit of the main currency. Spec §9
 * shows rates below 0.05 inverted; then the sentence turns round too, so it stays true:
 * 400 HUF per EUR reads "1 EUR = 400.0 HUF", and 0.0025 EUR per HUF (main HUF) reads the same.
 */
export function rateText(main: string, code: string, rate: number): string {
  const { text, inverted } = formatRate(rate);
  return inverted ? `1 ${code} = ${text} ${main}` : `1 ${main} = ${text} ${code}`;
}

/** The supported currencies the user does not have yet: the only ones Add new offers (spec §5). */
export function missingCurrencies(supported: readonly string[], owned: readonly string[]): string[] {
  const have = new Set(owned);
  return supported.filter((c) => !have.has(c));
}

/** Spec §5: choosing a currency to add pre-fills this pocket. */
export const defaultPocketName = (code: string) => `Default pocket ${code}`;
