import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { MainValuesRepository } from '../modules/ledger/index.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { seedHeavyUser } from './analytics.js';
import { inFreshSchema } from './pg-schema.js';

const DAY = 86_400_000;
const RUNS = 3;

/**
 * The first report after every daily total lost its main value (issue 33): right after a bulk
 * load of the heavy user (seeding, like a restore or a big import), then after a new rate table
 * cleared every value (three times, the median and the slowest). The report is the cash flow over
 * the whole ten years, which values every total and rolls up every month.
 */
async function benchOn(label: string, target: DatabaseTarget, count: number, pgSchema?: string): Promise<string[]> {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  await migrateToLatest(database.db);
  const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
  try {
    const { api, end } = await seedHeavyUser(database, app, count);
    const iso = (ms: number) => new Date(ms).toISOString();
    const report = async () => {
      const t = performance.now();
      await api('POST', '/api/analytics/cashflow', { start: iso(end - 3652 * DAY + 1), end: iso(end) });
      return performance.now() - t;
    };
    const afterLoad = await report();
    const totals = await database.db
      .selectFrom('daily_totals')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const afterRates: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await new MainValuesRepository(database.db).syncRates(`bench-${i}`);
      afterRates.push(await report());
    }
    const settled = await report();
    afterRates.sort((a, b) => a - b);
    const ms = (n: number | undefined) => `${(n ?? 0).toFixed(0)} ms`;
    return [
      `${label}: first report after valuing every one of ${Number(totals.n).toLocaleString('en')} daily totals (${count.toLocaleString('en')} transactions)`,
      `  after the bulk load                       ${ms(afterLoad)}`,
      `  after a new rate table (median / slowest) ${ms(afterRates[Math.floor(RUNS / 2)])} / ${ms(afterRates.at(-1))}`,
      `  the same report once valued              ${ms(settled)}`,
    ];
  } finally {
    await app.close();
    await database.close();
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
