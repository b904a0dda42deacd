import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { RatesRepository } from '../modules/rates/repository.js';
import { bundledRates } from '../modules/rates/bundle.js';
import { RATES_CHECK_MS, RatesService } from '../modules/rates/service.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { apiOf, freshAccount, seedHeavyUser, type Api } from './analytics.js';
import { inFreshSchema } from './pg-schema.js';

const DAY = 86_400_000;
const RUNS = 3;
/** Up to this many transactions the backup is also restored through the API. */
const MAX_RESTORED = 200_000;

/**
 * The first report after every daily total lost or never had its main value (issue 33). The
 * report is the cash flow over the whole ten years, which reads every total's value and every
 * month's roll-up. Measured: after loading the heavy user through the ledger writer as a restore
 * does (valued as written), after restoring its backup into a fresh account through the API (up
 * to 200k transactions), and after a rate stored by another process (the CLI) for a day
 * ten years back, which clears nearly every value: the server takes it up within a second and
 * revalues in the background (its time is shown), then the report (three times).
 */
async function benchOn(label: string, target: DatabaseTarget, count: number, pgSchema?: string): Promise<string[]> {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  await migrateToLatest(database.db);
  const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
  try {
    // The rates the app values with, read the same way (the bundle and the stored rows).
    const rates = new RatesService(new RatesRepository(database.db), bundledRates());
    await rates.load();
    const { api, token, end } = await seedHeavyUser(database, app, count, (main) => rates.mainConverter(main));
    const iso = (ms: number) => new Date(ms).toISOString();
    const range = { start: iso(end - 3652 * DAY + 1), end: iso(end) };
    const timed = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    const report = (as: typeof api) => timed(() => as('POST', '/api/analytics/cashflow', range));
    const afterLoad = await report(api);
    const totals = await database.db
      .selectFrom('daily_totals')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();

    // Through the API where the backup document stays a reasonable size (it is ~40 MB at 100k).
    const restored = count <= MAX_RESTORED ? await restoredAccount(database, app, token) : undefined;
    const afterRestore = restored === undefined ? undefined : await report(restored.api);

    const revalued: number[] = [];
    const afterRates: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      revalued.push(await newRateAndRevaluation(database, api, end - (3640 - i) * DAY));
      afterRates.push(await report(api));
    }
    const settled = await report(api);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ms = (n: number | undefined) => `${(n ?? 0).toFixed(0)} ms`;
    return [
      `${label}: the first whole-history report (${Number(totals.n).toLocaleString('en')} daily totals of the heavy user, ${count.toLocaleString('en')} transactions)`,
      `  after a bulk load valued as it is written    ${ms(afterLoad)}`,
      ...(restored === undefined
        ? []
        : [
            `  POST backup/restore into a fresh account     ${ms(restored.restoreMs)} (the writer values what it writes)`,
            `  after the restore                            ${ms(afterRestore)}`,
          ]),
      `  a new rate: background revaluation (median)  ${ms(median(revalued))}`,
      `  after the new rate (median / slowest)        ${ms(median(afterRates))} / ${ms(Math.max(...afterRates))}`,
      `  the same report once valued                  ${ms(settled)}`,
    ];
  } finally {
    await app.close();
    await database.close();
  }
}

/** The heavy user's backup restored into a fresh account through the API: that account's caller and the restore's time. */
async function restoredAccount(
  database: Database,
  app: FastifyInstance,
  token: string,
): Promise<{ api: Api; restoreMs: number }> {
  const backup = JSON.stringify(await apiOf(app, token)('GET', '/api/backup/get'));
  const api = apiOf(app, (await freshAccount(database, app, 'restored@example.com')).token);
  const t = performance.now();
  // Sent as the string it is, as a browser uploads the file.
  await api('POST', '/api/backup/restore', backup);
  return { api, restoreMs: performance.now() - t };
}

/**
 * Stores a USD rate for `day` as another process would (the CLI's rates:import), lets the server
 * take it up (its rates check runs at most once a second, on a request) and waits until the
 * background revaluation has valued and rolled up every month again; answers that wait.
 */
async function newRateAndRevaluation(database: Database, api: Api, day: number): Promise<number> {
  await new RatesRepository(database.db).upsert(
    [{ day: Math.floor(day / DAY), currency: 'USD', rate: '1.1', source: 'bench' }],
    Date.now(),
  );
  await new Promise((resolve) => setTimeout(resolve, RATES_CHECK_MS + 50));
  const t = performance.now();
  await api('GET', '/api/pocket/getall');
  for (;;) {
    const left = await database.db.selectFrom('dirty_months').select('month').limit(1).execute();
    if (left.length === 0) return performance.now() - t;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function benchValuation(pgUrl: string | undefined, count: number): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-valuation-'));
  try {
    const lines = await benchOn('SQLite', { kind: 'sqlite', file: path.join(dir, 'valuation.db') }, count);
    if (pgUrl !== undefined && pgUrl !== '')
      lines.push(
        ...(await inFreshSchema(pgUrl, 'bench_valuation', (schema) =>
          benchOn('PostgreSQL', { kind: 'postgres', url: pgUrl }, count, schema),
        )),
      );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run on its own: node --conditions=source --import tsx packages/server/src/bench/valuation.ts [count]
if (process.argv[1]?.endsWith('valuation.ts') === true) {
  const count = Number(process.argv[2] ?? 100_000);
  for (const line of await benchValuation(process.env['TEST_DATABASE_URL'], count)) console.log(line);
}
