import { formatSignificant, isUsableRate, RATE_DIGITS } from './significant.js';

/**
 * Rates per 1 EUR from one day of rates per 1 USD: rate(C) = usdTo(C) / usdTo(EUR), a float
 * division rounded to `digits` significant digits. Codes without a usable value are left out;
 * undefined when the day has no usable EUR value (nothing can be rebased then).
 */
export function rebaseUsdToEur(
  usdTo: ReadonlyMap<string, number>,
  codes: readonly string[],
  digits = RATE_DIGITS,
): Map<string, string> | undefined {
  const usdToEur = usdTo.get('EUR');
  if (!isUsableRate(usdToEur)) return undefined;
  const rates = new Map<string, string>();
  for (const code of codes) {
    const usdToCode = usdTo.get(code);
    if (!isUsableRate(usdToCode)) continue;
    const rate = usdToCode / usdToEur;
    // The quotient of two usable floats can still underflow to 0 or overflow to Infinity.
    if (isUsableRate(rate)) rates.set(code, formatSignificant(rate, digits));
  }
  return rates;
}

/** Rates per 1 EUR that a source already quotes per 1 EUR: only rounded, codes without a usable value left out. */
export function roundEurRates(
  eurTo: ReadonlyMap<string, number>,
  codes: readonly string[],
  digits = RATE_DIGITS,
): Map<string, string> {
  const rates = new Map<string, string>();
  for (const code of codes) {
    const value = eurTo.get(code);
    if (isUsableRate(value)) rates.set(code, formatSignificant(value, digits));
  }
  return rates;
}
