import { findCurrency, fixedDecimal, parseSignedAmount, UNKNOWN_CURRENCY_DECIMALS } from '@kassa/money';

// Amounts as a statement states them (decimal text a reader normalised) and as a preview shows
// them (in the currency's decimals), to and from signed minor units.

/** Signed minor units as text with the currency's decimals ("-12.50", "1500" for JPY). */
export const majorText = (minor: number, currency: string) =>
  fixedDecimal(BigInt(minor), findCurrency(currency)?.decimals ?? UNKNOWN_CURRENCY_DECIMALS);

/**
 * Minor units of a decimal amount a reader normalised, or why not. Zeros a statement writes past
 * its currency's decimals are no precision ("1500.00" yen is 1500): trailing zeros are dropped first.
 */
export function parseExact(
  text: string,
  currency: string,
): { ok: true; minor: number } | { ok: false; message: string } {
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  const parsed = parseSignedAmount(trimmed, findCurrency(currency)?.decimals ?? UNKNOWN_CURRENCY_DECIMALS);
  return parsed.ok ? { ok: true, minor: Number(parsed.minor) } : { ok: false, message: parsed.message };
}

/** Minor units of an exact amount of the currency; undefined when it is not one. */
export function exactMinor(text: string, currency: string): number | undefined {
  if (findCurrency(currency) === undefined) return undefined;
  const parsed = parseExact(text, currency);
  return parsed.ok ? parsed.minor : undefined;
}
