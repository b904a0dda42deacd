import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { utcDayOf } from '@kassa/money';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { refreshStatistics } from '../db/statistics.js';
import type { ConversionRow } from '../modules/ledger/index.js';
import { LedgerWriter } from '../modules/ledger/index.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { prng } from '../util/prng.js';
import { seedHeavyUser } from './analytics.js';
import { formatFigures, measure, type Figures } from './measure.js';
import { inFreshSchema } from './pg-schema.js';

const DAY = 86_400_000;
const CODES = ['EUR', 'USD', 'GBP', 'HUF', 'JPY', 'CHF', 'PLN', 'SEK'];

/**
 * The four reports of issue 21 (conversion costs, net-worth bridge, fixpoint drift, exposure) for
 * the heavy user plus conversions (2 % of the transaction count, spread over the ten years, every
 * pair of its 8 currencies), at 1 month, 1 year and 10 years; the target is 30 ms p50 at 100k.
 */
async function insightsOn(label: string, target: DatabaseTarget, count: number, pgSchema?: string): Promise<string[]> {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  await migrateToLatest(database.db);
  const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
  try {
    const { api, end } = await seedHeavyUser(database, app, count);
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'heavy@example.com')
      .executeTakeFirstOrThrow();
    const random = prng(21);
    const start = end - 10 * 365.25 * DAY;
    const minutes = Math.floor((end - start) / 60_000);
    const conversions: Omit<ConversionRow, 'id'>[] = [];
    for (let i = 0; i < Math.floor(count / 50); i++) {
      const time = start + random(minutes) * 60_000;
      const from = random(CODES.length);
      const to = (from + 1 + random(CODES.length - 1)) % CODES.length;
      conversions.push({
        fromAmount: 100 + random(100_000),
        fromCurrency: CODES[from] ?? 'EUR',
        toAmount: 100 + random(100_000),
        toCurrency: CODES[to] ?? 'USD',
        description: `bench exchange ${i}`,
        time,
        day: utcDayOf(time),
      });
    }
    // Straight in, then the derived tables rebuilt as after any bulk load.
    await database.db.transaction().execute(async (trx) => {
      const batch = (await LedgerWriter.open(trx, user.id, 0)).batch({ rebuild: true });
      await batch.insertConversions(conversions);
      await batch.finish();
    });
    await refreshStatistics(database.db, ['conversions', 'daily_totals', 'daily_native', 'monthly_native']);
    // One report values every total once (as the first report after a bulk load would).
    const iso = (ms: number) => new Date(ms).toISOString();
    await api('POST', '/api/analytics/cashflow', { start: iso(end - 3652 * DAY + 1), end: iso(end) });

    const results: Figures[] = [];
    const spans: [string, number][] = [
      ['1 month', 30],
      ['1 year', 365],
      ['10 years', 3652],
    ];
    for (const [name, days] of spans) {
      const interval = { start: iso(end - days * DAY + 1), end: iso(end) };
      const runs = count > 200_000 ? 6 : days > 400 ? 20 : 40;
      for (const report of ['conversion-costs', 'networth-bridge', 'fixpoint-drift', 'exposure'])
        results.push(
          await measure(`${report} (${name})`, runs, () => api('POST', `/api/analytics/${report}`, interval), 2),
        );
    }
    return [
      `Insights on ${label} over HTTP (inject): ${count.toLocaleString('en')} transactions and ${conversions.length.toLocaleString('en')} conversions over 10 years`,
      ...results.map(formatFigures),
    ];
  } finally {
    await app.close();
    await database.close();
  }
}

/** The insights benchmark on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set. */
export async function benchInsights(pgUrl: string | undefined, count: number): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-insights-'));
  try {
    const lines = await insightsOn('SQLite', { kind: 'sqlite', file: path.join(dir, 'insights.db') }, count);
    if (pgUrl !== undefined && pgUrl !== '')
      lines.push(
        ...(await inFreshSchema(pgUrl, 'bench_insights', (schema) =>
          insightsOn('PostgreSQL', { kind: 'postgres', url: pgUrl }, count, schema),
        )),
      );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx packages/server/src/bench/insights.ts` runs this section alone (main.ts runs it too).
if (process.argv[1]?.endsWith('bench/insights.ts') === true) {
  const countArg = process.argv.find((a) => a.startsWith('--transactions='))?.split('=')[1];
  for (const line of await benchInsights(process.env['TEST_DATABASE_URL'], Number(countArg ?? 100_000)))
    console.log(line);
}
