import { isoFromDay } from '@kassa/money';
import type { RateProvider } from './providers/provider.js';
import type { RateRow } from './rate-table.js';
import type { RatesService } from './service.js';

export type RefreshResult =
  | { ok: true; provider: string; rows: number; firstDay: string; lastDay: string; failures: string[] }
  | { ok: false; failures: string[] };

/** Minimal logger so the CLI and the server's pino both fit. */
export interface RefreshLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The longest refresh error kept (every feed's failure, joined). */
const MAX_ERROR_LENGTH = 1000;

/**
 * Fetches rates from the first provider that answers well and stores them. Never throws: a
 * missing network or a broken feed is logged and the app carries on with what it has. The
 * outcome is kept in the database (RatesService.recordRefresh), so every instance can say why
 * its rates are stale (issue 32).
 */
export async function refreshRates(
  rates: RatesService,
  providers: readonly RateProvider[],
  log: RefreshLog,
): Promise<RefreshResult> {
  const failures: string[] = [];
  // The same failures as a user reads them (recorded for the web): the feed's name, no URL.
  const causes: string[] = [];
  // Pick up rows another process (rates:import, rates:refresh from the CLI) stored meanwhile,
  // even when every feed fails below.
  await rates.reload().catch((err: unknown) => log.warn({ error: String(err) }, 'could not reload stored rates'));
  for (const provider of providers) {
    try {
      const rows = await provider.fetch();
      await rates.store(rows, { keepImports: true });
      const { first, last } = dayRange(rows);
      const result = {
        ok: true as const,
        provider: provider.name,
        rows: rows.length,
        firstDay: isoFromDay(first),
        lastDay: isoFromDay(last),
        failures,
      };
      log.info(result, 'exchange rates refreshed');
      await record(rates, null, log);
      return result;
    } catch (err) {
      const message = `${provider.name}: ${err instanceof Error ? err.message : String(err)}`;
      failures.push(message);
      causes.push(causeOf(provider.name, err));
      log.warn({ provider: provider.name, error: message }, 'exchange rate provider failed');
    }
  }
  log.warn({ failures }, 'exchange rates not refreshed; using stored rates');
  const error = causes.length === 0 ? 'no rate feed is configured' : causes.join('; ');
  await record(rates, error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error, log);
  return { ok: false, failures };
}

/** How users know the feeds (the web's source labels say "live feed: ECB"). */
const FEED_NAMES: Record<string, string> = { ecb: 'ECB feed', 'currency-api': 'currency API' };

/**
 * A provider's failure in a user's words, without the feed's URL (the log keeps it): "ECB feed:
 * unreachable, ECONNREFUSED", "ECB feed: answered HTTP 503", "ECB feed: no exchange rates found".
 */
export function causeOf(provider: string, err: unknown): string {
  const name = FEED_NAMES[provider] ?? provider;
  const message = (err instanceof Error ? err.message : String(err))
    .replace(/^\S+:\/\/\S+ /, '')
    .replace(/^is unreachable: (.*)$/, 'unreachable, $1');
  return message.startsWith(`${name}: `) ? message : `${name}: ${message}`;
}

/** Keeps the attempt's outcome; a database that cannot take it is logged, never thrown. */
async function record(rates: RatesService, error: string | null, log: RefreshLog): Promise<void> {
  await rates
    .recordRefresh(error)
    .catch((err: unknown) => log.warn({ error: String(err) }, 'could not record the rates refresh'));
}

/** First and last day of rows (a loop: spreading 200k days into Math.min overflows the stack). */
export function dayRange(rows: readonly RateRow[]): { first: number; last: number } {
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    if (r.day < first) first = r.day;
    if (r.day > last) last = r.day;
  }
  return { first, last };
}
