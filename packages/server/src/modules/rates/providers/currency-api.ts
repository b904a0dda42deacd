import { dayFromIso, isSupportedCurrency } from '@kassa/money';
import { z } from 'zod';
import type { RateRow } from '../rate-table.js';
import { HttpRateProvider, type RateProvider } from './provider.js';

const snapshotSchema = z.object({
  date: z.string(),
  eur: z.record(z.string(), z.unknown()),
});

/** A positive finite number as a plain decimal with 10 significant digits ("1.085612345"), integers kept whole. */
export function plainDecimal(value: number): string | undefined {
  // No currency trades near 10^15 per euro; larger numbers would print with an exponent.
  if (!Number.isFinite(value) || value <= 0 || value >= 1e15) return undefined;
  const magnitude = Math.floor(Math.log10(value));
  const decimals = Math.min(100, Math.max(0, 9 - magnitude));
  const fixed = value.toFixed(decimals);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/**
 * Parses a daily snapshot of the fawazahmed0 currency API ({date, eur: {usd: 1.08, …}}, units
 * per 1 EUR with lower-case codes). Only supported currencies are kept; crypto and metals drop out.
 */
export function parseCurrencyApiJson(text: string, source: string): RateRow[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('currency API: answer is not JSON');
  }
  const parsed = snapshotSchema.safeParse(json);
  if (!parsed.success) throw new Error('currency API: answer has no date and eur rates');
  const day = dayFromIso(parsed.data.date);
  if (day === undefined) throw new Error(`currency API: invalid date ${parsed.data.date}`);
  const rows: RateRow[] = [];
  for (const [code, value] of Object.entries(parsed.data.eur)) {
    const currency = code.toUpperCase();
    if (currency === 'EUR' || !isSupportedCurrency(currency) || typeof value !== 'number') continue;
    const rate = plainDecimal(value);
    if (rate !== undefined) rows.push({ day, currency, rate, source });
  }
  if (rows.length === 0) throw new Error('currency API: no exchange rates found');
  return rows;
}

/** The currency API's latest EUR snapshot (fallback provider). */
export function currencyApiProvider(url: string, timeoutMs: number): RateProvider {
  return new HttpRateProvider('currency-api', url, timeoutMs, parseCurrencyApiJson);
}
