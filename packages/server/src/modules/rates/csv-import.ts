import { dayFromIso, findCurrency } from '@kassa/money';
import { parseRate, type RateRow } from './rate-table.js';

export type CsvImport = { ok: true; rows: RateRow[] } | { ok: false; errors: string[] };

const HEADER = 'date,currency,rate';

/**
 * Validates a rates CSV ("date,currency,rate"; rate = units of the currency per 1 EUR, as the
 * ECB quotes it). Every bad line is reported with its number; any error means nothing imports.
 */
export function parseRatesCsv(text: string, source: string): CsvImport {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: string[] = [];
  if ((lines[0] ?? '').trim().toLowerCase() !== HEADER) {
    return { ok: false, errors: [`line 1: header must be "${HEADER}"`] };
  }
  const rows: RateRow[] = [];
  const seen = new Map<string, number>();
  lines.forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (n === 1 || line === '') return;
    const cells = line.split(',').map((c) => c.trim());
    if (cells.length !== 3) {
      errors.push(`line ${n}: expected 3 fields (date,currency,rate), found ${cells.length}`);
      return;
    }
    const [date = '', code = '', rate = ''] = cells;
    const day = dayFromIso(date);
    const currency = code.toUpperCase();
    const problems: string[] = [];
    if (day === undefined) problems.push(`date "${date}" is not a valid YYYY-MM-DD date`);
    if (currency === 'EUR') problems.push('EUR is the base currency (its rate is always 1)');
    else if (findCurrency(currency) === undefined) problems.push(`currency "${code}" is not supported`);
    try {
      parseRate(rate);
    } catch {
      problems.push(`rate "${rate}" must be a positive decimal number like 1.0856`);
    }
    const key = `${date}|${currency}`;
    const first = seen.get(key);
    if (first !== undefined) problems.push(`duplicate of line ${first}`);
    else seen.set(key, n);
    if (problems.length > 0 || day === undefined) errors.push(`line ${n}: ${problems.join('; ')}`);
    else rows.push({ day, currency, rate, source });
  });
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: ['the file has no rate lines'] };
  return { ok: true, rows };
}
