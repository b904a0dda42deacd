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

/**
 * Fetches rates from the first provider that answers well and stores them. Never throws: a
 * missing network or a broken feed is logged and the app carries on with what it has.
 */
export async function refreshRates(
  rates: RatesService,
  providers: readonly RateProvider[],
  log: RefreshLog,
): Promise<RefreshResult> {
  const failures: string[] = [];
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
      return result;
    } catch (err) {
      const message = `${provider.name}: ${err instanceof Error ? err.message : String(err)}`;
      failures.push(message);
      log.warn({ provider: provider.name, error: message }, 'exchange rate provider failed');
    }
  }
  log.warn({ failures }, 'exchange rates not refreshed; using stored rates');
  return { ok: false, failures };
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
