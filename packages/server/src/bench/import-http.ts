import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportCommitResult, ImportPreview } from '@kassa/contract';
import type { DatabaseTarget } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { statementCsv } from './import.js';
import { inFreshSchema } from './pg-schema.js';
import { startProductionServer } from './server-memory.js';

const ROWS = 100_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * A 100,000-row German bank CSV previewed and committed as a user's browser does it (issue 33):
 * the production server in its own process, a real socket, the multipart upload, the whole
 * streamed answer read and parsed; then the first whole-history report. Targets: preview + commit
 * ≤ 5 s on SQLite and ≤ 8 s on PostgreSQL.
 */
async function overSocket(label: string, target: DatabaseTarget, databaseUrl: string, dir: string, pgSchema?: string) {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  await migrateToLatest(database.db);
  await new CompleteUserFactory(database.db).createComplete({
    email: 'socket@example.com',
    password: 'bench-password-1',
    mainCurrency: 'EUR',
  });
  await database.close();
  const csv = statementCsv(ROWS, false);
  const server = await startProductionServer(path.join(dir, 'unused.db'), { DATABASE_URL: databaseUrl });
  try {
    const headers = await server.login('socket@example.com', 'bench-password-1');
    const form = new FormData();
    form.append('file', new Blob([csv]), 'umsaetze.csv');
    let t = performance.now();
    const res = await fetch(`${server.base}/api/import/preview`, { method: 'POST', headers, body: form });
    if (!res.ok) throw new Error(`preview: ${res.status} ${await res.text()}`);
    const shown = (await res.json()) as ImportPreview;
    const previewMs = performance.now() - t;
    t = performance.now();
    const commit = await fetch(`${server.base}/api/import/commit/${shown.batchId}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!commit.ok) throw new Error(`commit: ${commit.status} ${await commit.text()}`);
    const result = (await commit.json()) as ImportCommitResult;
    const commitMs = performance.now() - t;
    t = performance.now();
    const report = await fetch(`${server.base}/api/analytics/cashflow`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ start: '2016-01-01T00:00:00Z', end: '2025-12-31T23:59:59Z' }),
    });
    if (!report.ok) throw new Error(`report: ${report.status} ${await report.text()}`);
    await report.json();
    const reportMs = performance.now() - t;
    return [
      `${label}: a ${ROWS.toLocaleString('en')}-row German CSV (${(csv.length / 1_048_576).toFixed(1)} MB) through the production server over a real socket`,
      `  POST import/preview                          ${seconds(previewMs)} (${shown.counts.new} new)`,
      `  POST import/commit                           ${seconds(commitMs)} (${result.imported} imported)`,
      `  preview + commit                             ${seconds(previewMs + commitMs)}`,
      `  the first ten-year cash flow afterwards      ${reportMs.toFixed(0)} ms`,
    ];
  } finally {
    await server.stop();
  }
}

export async function benchImportOverSocket(pgUrl: string | undefined): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-socket-'));
  try {
    const file = path.join(dir, 'socket.db');
    const lines = await overSocket('SQLite', { kind: 'sqlite', file }, `sqlite:${file}`, dir);
    if (pgUrl !== undefined && pgUrl !== '')
      lines.push(
        ...(await inFreshSchema(pgUrl, 'bench_socket', (schema) => {
          const url = new URL(pgUrl);
          url.searchParams.set('options', `-c search_path=${schema}`);
          return overSocket('PostgreSQL', { kind: 'postgres', url: pgUrl }, url.toString(), dir, schema);
        })),
      );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run on its own: node --conditions=source --import tsx packages/server/src/bench/import-http.ts
if (process.argv[1]?.endsWith('import-http.ts') === true)
  for (const line of await benchImportOverSocket(process.env['TEST_DATABASE_URL'])) console.log(line);
