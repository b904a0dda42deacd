import type { RateLeg } from '@kassa/contract';
import { ratesCaption } from '../../../shared/rate-provenance';
import { t } from '../i18n';

/** The supported currencies the user does not have yet: the only ones Add new offers (spec §5). */
export function missingCurrencies(supported: readonly string[], owned: readonly string[]): string[] {
  const have = new Set(owned);
  return supported.filter((c) => !have.has(c));
}

/** Spec §5: choosing a currency to add pre-fills this pocket: the server's name for it, as the help calls it. */
export const defaultPocketName = (code: string) => `Default pocket ${code}`;

/**
 * What the daily rates are (issue 22): the day or days of the stored reference rates behind them
 * and their sources as a user knows them (shared/rate-provenance.ts), e.g. "Rates of 2026.05.04.
 * (live feed: ECB), the latest stored for each currency." Null without any (only the main currency).
 */
export function dailyRatesCaption(legs: readonly RateLeg[]): string | null {
  const caption = ratesCaption(legs);
  return caption === null ? null : t('currency.caption', { caption });
}
