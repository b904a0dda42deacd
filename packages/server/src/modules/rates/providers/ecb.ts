import { dayFromIso, isSupportedCurrency } from '@kassa/money';
import { parseRate, type RateRow } from '../rate-table.js';
import { HttpRateProvider, type RateProvider } from './provider.js';

const DAY_BLOCK = /<Cube\s+time=["'](\d{4}-\d{2}-\d{2})["']\s*>([\s\S]*?)<\/Cube>/g;
const RATE_ENTRY = /<Cube\s+currency=["']([A-Z]{3})["']\s+rate=["']([^"']*)["']\s*\/>/g;

/**
 * Parses the ECB euro foreign exchange reference rates XML (the daily file, or the 90-day and
 * full histories, which repeat the same day blocks). Unknown currencies are skipped; a feed
 * with no usable day, or a malformed rate, is an error.
 */
export function parseEcbXml(xml: string, source: string): RateRow[] {
  const rows: RateRow[] = [];
  for (const block of xml.matchAll(DAY_BLOCK)) {
    const day = dayFromIso(block[1] ?? '');
    if (day === undefined) throw new Error(`ECB feed: invalid date ${block[1] ?? ''}`);
    for (const entry of (block[2] ?? '').matchAll(RATE_ENTRY)) {
      const currency = entry[1] ?? '';
      const rate = entry[2] ?? '';
      parseRate(rate); // throws for anything but a positive decimal
      if (isSupportedCurrency(currency) && currency !== 'EUR') rows.push({ day, currency, rate, source });
    }
  }
  if (rows.length === 0) throw new Error('ECB feed: no exchange rates found');
  return rows;
}

/** The ECB reference rates feed (primary provider). */
export function ecbProvider(url: string, timeoutMs: number): RateProvider {
  return new HttpRateProvider('ecb', url, timeoutMs, parseEcbXml);
}
