import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Budget, Category } from '@kassa/contract';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { seedHeavyUser } from './analytics.js';
import { formatFigures, measure, type Figures } from './measure.js';
import { inFreshSchema } from './pg-schema.js';

const DAY = 86_400_000;

/**
 * budget/get for the heavy user (issue 20: at most 20 ms at 100k transactions): every one of its
 * 15 expense categories has a limit, every other one rolls over, so each answer reads 13 months
 * of spending in 8 currencies; also the first answer right after a write of that month.
 */
async function budgetsOn(label: string, target: DatabaseTarget, count: number, pgSchema?: string): Promise<string[]> {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  await migrateToLatest(database.db);
  const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
  try {
    const { api, end } = await seedHeavyUser(database, app, count);
    const expenses = (await api<Category[]>('GET', '/api/category/getall?type=real')).filter((c) => !c.isIncome);
    for (const [i, c] of expenses.entries())
      await api('POST', '/api/category/update', {
        id: c.id,
        name: c.name,
        description: c.description,
        isActive: c.isActive,
        monthlyLimit: 1000 + 100 * i,
        rollover: i % 2 === 0,
      });
    const month = new Date(end).toISOString().slice(0, 7);
    const first = await api<Budget>('POST', '/api/budget/get', { month });
    const results: Figures[] = [];
    results.push(
      await measure(
        `budget/get (${month}, ${first.items.length} budgets)`,
        100,
        () => api('POST', '/api/budget/get', { month }),
        5,
      ),
    );
    const samples: number[] = [];
    for (let k = 0; k < 20; k++) {
      await api('POST', '/api/transaction/add', {
        amount: '12.34',
        currency: 'USD',
        categoryId: expenses[0]?.id ?? 0,
        description: `bench budget ${k}`,
        time: new Date(end - 5 * DAY).toISOString(),
      });
      const t = performance.now();
      await api('POST', '/api/budget/get', { month });
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
    results.push({
      name: 'budget/get right after a write of that month',
      runs: samples.length,
      totalMs: samples.reduce((a, b) => a + b, 0),
      p50Ms: at(0.5),
      p95Ms: at(0.95),
    });
    return [
      `Budgets on ${label} over HTTP (inject): ${count.toLocaleString('en')} transactions`,
      ...results.map(formatFigures),
    ];
  } finally {
    await app.close();
    await database.close();
  }
}

/** The budgets benchmark on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set. */
export async function benchBudgets(pgUrl: string | undefined, count: number): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-budgets-'));
  try {
    const lines = await budgetsOn('SQLite', { kind: 'sqlite', file: path.join(dir, 'budgets.db') }, count);
    if (pgUrl !== undefined && pgUrl !== '')
      lines.push(
        ...(await inFreshSchema(pgUrl, 'bench_budgets', (schema) =>
          budgetsOn('PostgreSQL', { kind: 'postgres', url: pgUrl }, count, schema),
        )),
      );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
