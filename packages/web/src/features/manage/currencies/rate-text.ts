import type { RateLeg } from '@kassa/contract';
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

/**
 * What the rates are (issue 22): the day or days of the stored reference rates behind them and
 * their sources, e.g. "Rates of 2026.05.04 (ECB)". Null without any (only the main currency).
 */
export function ratesCaption(legs: readonly RateLeg[]): string | null {
  if (legs.length === 0) return null;
  const days = [...new Set(legs.map((l) => l.day))].sort();
  const sources = [...new Set(legs.map((l) => l.source))].sort();
  const label = (day: string) => `${day.replace(/-/g, '.')}.`;
  const when =
    days.length === 1 ? `of ${label(days[0] ?? '')}` : `of ${label(days[0] ?? '')} to ${label(days.at(-1) ?? '')}`;
  return `Rates ${when} (${sources.join(', ')}), the latest stored for each currency.`;
}
