import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Category, Undoable } from '@kassa/contract';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { seedHeavyUser } from './analytics.js';
import { inFreshSchema } from './pg-schema.js';

/** One timed call: a bulk change or its undo is done once, not in a loop (each changes the books). */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

const line = (name: string, ms: number) => `${name.padEnd(52)} ${ms.toFixed(0).padStart(7)} ms`;

/**
 * transaction/bulk and undo/{token} for the heavy user (issue 20: at 100k transactions, a bulk
 * change of 10k rows and its undo take seconds): a category change of 1k and of 10k expense rows,
 * a delete of 10k rows, each undone; then the first report, which values the changed totals again.
 * Each change and undo is timed once: a loop would change the books it measures.
 */
async function bulkOn(label: string, target: DatabaseTarget, count: number, pgSchema?: string): Promise<string[]> {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  await migrateToLatest(database.db);
  const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
  try {
    const { api, end } = await seedHeavyUser(database, app, count);
    const expenses = (await api<Category[]>('GET', '/api/category/getall?type=real')).filter((c) => !c.isIncome);
    const target = expenses[0]?.id ?? 0;
    // Expense rows, spread over the whole history (every fifth), so the changes touch many days.
    const rows = await database.db
      .selectFrom('transactions')
      .select('id')
      .where('kind', '=', 'real')
      .where('is_income', '=', 0)
      .orderBy('id')
      .execute();
    const spread = rows.filter((_, i) => i % 5 === 0).map((r) => r.id);
    const lines: string[] = [];
    // Seeding leaves every main value unvalued: one report values the whole history first, so
    // the report after the changes shows what they cost (only the changed totals are valued again).
    const interval = { start: new Date(end - 10 * 365 * 86_400_000).toISOString(), end: new Date(end).toISOString() };
    await api('POST', '/api/analytics/cashflow', interval);
    const warm = await timed(() => api('POST', '/api/analytics/cashflow', interval));
    lines.push(line('cashflow (10 years) before the changes', warm.ms));
    const run = async (name: string, body: object) => {
      const change = await timed(() => api<Undoable>('POST', '/api/transaction/bulk', body));
      lines.push(line(name, change.ms));
      const undo = await timed(() => api('POST', `/api/undo/${change.value.undo}`));
      lines.push(line(`  undo`, undo.ms));
    };
    await run(`bulk update category, ${(1000).toLocaleString('en')} rows`, {
      ids: spread.slice(0, 1000),
      action: 'update',
      changes: { categoryId: target },
    });
    const tenK = spread.slice(0, 10_000);
    await run(`bulk update category, ${tenK.length.toLocaleString('en')} rows`, {
      ids: tenK,
      action: 'update',
      changes: { categoryId: target },
    });
    await run(`bulk update description, ${tenK.length.toLocaleString('en')} rows`, {
      ids: tenK,
      action: 'update',
      changes: { description: 'bench bulk' },
    });
    await run(`bulk delete, ${tenK.length.toLocaleString('en')} rows`, { ids: tenK, action: 'delete' });
    const report = await timed(() => api('POST', '/api/analytics/cashflow', interval));
    lines.push(line('first cashflow (10 years) after the last undo', report.ms));
    return [`Bulk edit and undo on ${label} over HTTP (inject): ${count.toLocaleString('en')} transactions`, ...lines];
  } finally {
    await app.close();
    await database.close();
  }
}

/** The bulk-edit benchmark on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set. */
export async function benchBulkEdit(pgUrl: string | undefined, count: number): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-bulk-'));
  try {
    const lines = await bulkOn('SQLite', { kind: 'sqlite', file: path.join(dir, 'bulk.db') }, count);
    if (pgUrl !== undefined && pgUrl !== '')
      lines.push(
        ...(await inFreshSchema(pgUrl, 'bench_bulk', (schema) =>
          bulkOn('PostgreSQL', { kind: 'postgres', url: pgUrl }, count, schema),
        )),
      );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
