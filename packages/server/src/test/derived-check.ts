import { sql } from 'kysely';
import { expect } from 'vitest';
import { DailyTotalsRepository, nativeMeasures } from '../modules/ledger/daily-totals.js';
import { LedgerWriter } from '../modules/ledger/writer.js';
import type { TestClient } from './client.js';
import type { ApiContext } from './harness.js';
import { okJson } from './ledger.js';

// Checks that what the ledger writer keeps beside the rows equals its recomputation from the rows:
// the daily totals and their native measures directly, the main values, monthly roll-ups and kept
// balance history through the reports that read them, before and after a rebuild from scratch.

interface Measures {
  cash: number;
  loan: number;
  pending: number;
}
/** As a driver answers them: PostgreSQL's bigint columns come back as text. */
interface StoredMeasures {
  cash: number | string;
  loan: number | string;
  pending: number | string;
}

/** Measure rows keyed by `key`, all-zero rows left out (a row whose flows cancelled may stay as zeros). */
function keyed(rows: readonly (StoredMeasures & { key: string })[]): Record<string, Measures> {
  const out = new Map<string, Measures>();
  for (const r of rows) {
    const m = out.get(r.key) ?? { cash: 0, loan: 0, pending: 0 };
    m.cash += Number(r.cash);
    m.loan += Number(r.loan);
    m.pending += Number(r.pending);
    out.set(r.key, m);
  }
  return Object.fromEntries([...out].filter(([, m]) => m.cash !== 0 || m.loan !== 0 || m.pending !== 0));
}

/** The native tables: daily totals, daily_native and monthly_native against their recomputation. */
export async function expectNativeTablesRecomputed(ctx: ApiContext, userId: number, step: string): Promise<void> {
  const db = ctx.database.db;
  const totals = new DailyTotalsRepository(db);
  const fresh = await totals.recompute(userId);
  const strip = (t: { amount: number | string; count: number | string }) => ({
    ...t,
    amount: Number(t.amount),
    count: Number(t.count),
  });
  expect((await totals.all(userId)).map(strip), `daily totals after ${step}`).toEqual(fresh.map(strip));
  const measures = fresh.map((t) => ({ ...t, ...nativeMeasures(t) }));
  for (const table of ['daily_native', 'monthly_native'] as const) {
    const column = table === 'daily_native' ? 'day' : 'month';
    const kept = (
      await sql<
        StoredMeasures & { at: number; currency: string }
      >`select ${sql.ref(column)} as at, currency, cash, loan, pending
        from ${sql.table(table)} where user_id = ${userId}`.execute(db)
    ).rows;
    expect(keyed(kept.map((r) => ({ ...r, key: `${r.at}|${r.currency}` }))), `${table} after ${step}`).toEqual(
      keyed(measures.map((m) => ({ ...m, key: `${table === 'daily_native' ? m.day : m.month}|${m.currency}` }))),
    );
  }
}

/** Every report that reads main values, monthly roll-ups or kept history, over `interval` and at `days`. */
async function reports(client: TestClient, interval: { start: string; end: string }, days: readonly string[]) {
  const post = async (url: string, body: unknown) => okJson(await client.post(url, body));
  const json = (value: string) => [JSON.stringify(value), { headers: { 'content-type': 'application/json' } }] as const;
  const out: Record<string, unknown> = {
    cashflow: await post('/api/analytics/cashflow', interval),
    history: await post('/api/analytics/balance-history', interval),
    income: await post('/api/analytics/oneperiod', { interval, direction: true }),
    spending: await post('/api/analytics/multiperiod', { interval, direction: false }),
    sum: await post('/api/transaction/getconvertedsum', {}),
  };
  for (const day of days) out[`balances ${day}`] = okJson(await client.post('/api/analytics/balances', ...json(day)));
  return out;
}

/**
 * The reports as the kept derived tables answer them equal the reports after every derived table
 * was rebuilt from the rows (the rebuild stands: later steps start from it).
 */
export async function expectReportsRecomputed(
  ctx: ApiContext,
  user: { client: TestClient; userId: number },
  interval: { start: string; end: string },
  days: readonly string[],
  step: string,
): Promise<void> {
  const kept = await reports(user.client, interval, days);
  await ctx.database.db.transaction().execute(async (trx) => {
    const batch = (await LedgerWriter.open(trx, user.userId, Date.now())).batch({ rebuild: true });
    await batch.finish();
  });
  expect(kept, `reports after ${step}`).toEqual(await reports(user.client, interval, days));
}
