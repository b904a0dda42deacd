import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, type ImportCommitResult, type ImportPreview } from '@kassa/contract';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { multipart } from '../test/upload.js';
import { prng } from '../util/prng.js';
import { residentMiB, startProductionServer } from './server-memory.js';

const PAYEES = [
  'REWE Markt',
  'Stadtwerke München',
  'Café Central',
  'Amazon EU S.a.r.l.',
  'Deutsche Bahn',
  'Lidl sagt Danke',
  'Apotheke am Markt',
  'Hausverwaltung Müller',
  'Spotify AB',
  'ACME GmbH',
];

/**
 * A bank statement of `rows` rows over ten years (2016–2025). `compact` writes ISO dates and short
 * texts (a 1M-row file within the 50 MB upload limit); otherwise a German bank's dialect: ';',
 * DD.MM.YYYY, decimal comma with thousands points, payee and purpose columns (≈ 7 MB at 100k).
 */
export function statementCsv(rows: number, compact: boolean): string {
  const random = prng(18);
  const start = Date.UTC(2016, 0, 1);
  const lines = [compact ? 'Date,Payee,Amount' : 'Buchungstag;Empfänger;Verwendungszweck;Betrag'];
  for (let i = 0; i < rows; i++) {
    const day = new Date(start + Math.floor((i / rows) * 3652) * 86_400_000);
    const payee = PAYEES[random(PAYEES.length)] ?? '';
    const cents = random(200_000) + 1;
    const sign = payee === 'ACME GmbH' ? '' : '-';
    if (compact) {
      lines.push(`${day.toISOString().slice(0, 10)},${payee.slice(0, 6)} ${i % 97},${sign}${cents / 100}`);
      continue;
    }
    const whole = Math.floor(cents / 100).toLocaleString('de-DE');
    const date = `${String(day.getUTCDate()).padStart(2, '0')}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.${day.getUTCFullYear()}`;
    lines.push(`${date};${payee};Kartenzahlung ${i} ${payee};${sign}${whole},${String(cents % 100).padStart(2, '0')}`);
  }
  return `${lines.join('\n')}\n`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Preview, commit, the same file again (all duplicates) and undo of a 100k-row CSV, in process. */
export async function importOn(
  label: string,
  target: DatabaseTarget,
  rows: number,
  pgSchema?: string,
): Promise<string[]> {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  try {
    await migrateToLatest(database.db);
    await new CompleteUserFactory(database.db).createComplete({
      email: 'importer@example.com',
      password: 'bench-password-1',
      mainCurrency: 'EUR',
    });
    const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
    const csrf = 'i'.repeat(43);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      cookies: { [CSRF_COOKIE]: csrf },
      headers: { 'x-xsrf-token': csrf },
      payload: { email: 'importer@example.com', password: 'bench-password-1' },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}`, 'x-xsrf-token': csrf };
    const file = statementCsv(rows, false);
    const { payload, extra } = await multipart({ name: 'statement.csv', content: file });
    const post = async (url: string, body: unknown, more: Record<string, string> = {}) => {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...headers, ...more },
        cookies: { [CSRF_COOKIE]: csrf },
        payload: body as Buffer,
      });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms: performance.now() - t, body: res.body };
    };
    const contentType = { 'content-type': String(extra.headers?.['content-type']) };
    const preview = await post('/api/import/preview', payload, contentType);
    const shown = JSON.parse(preview.body) as ImportPreview;
    const commit = await post(`/api/import/commit/${shown.batchId}`, {}, { 'content-type': 'application/json' });
    const result = JSON.parse(commit.body) as ImportCommitResult;
    const again = await post('/api/import/preview', payload, contentType);
    const repeated = JSON.parse(again.body) as ImportPreview;
    const undo = await post(`/api/import/undo/${shown.batchId}`, undefined);
    await app.close();
    const mb = (file.length / 1_048_576).toFixed(1);
    return [
      `Import of a ${rows.toLocaleString('en')}-row CSV (${mb} MB) on ${label}, in process (one run each)`,
      `  POST import/preview                          ${seconds(preview.ms)} (${shown.counts.new} new, answer ${(preview.body.length / 1_048_576).toFixed(1)} MB)`,
      `  POST import/commit                           ${seconds(commit.ms)} (${result.imported} imported)`,
      `  preview + commit                             ${seconds(preview.ms + commit.ms)}`,
      `  POST import/preview, the same file again     ${seconds(again.ms)} (${repeated.counts.duplicate} duplicates)`,
      `  POST import/undo                             ${seconds(undo.ms)}`,
    ];
  } finally {
    await database.close();
  }
}

/**
 * The production server's memory while it previews and commits a big file (1M rows by default)
 * sent over real HTTP as a browser sends it: resident memory after start and at the peak.
 */
async function importMemory(rows: number): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-import-'));
  try {
    const file = path.join(dir, 'import.db');
    const database = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(database.db);
    await new CompleteUserFactory(database.db).createComplete({
      email: 'big@example.com',
      password: 'bench-password-1',
      mainCurrency: 'EUR',
    });
    await database.close();
    const csv = statementCsv(rows, true);
    const server = await startProductionServer(file);
    try {
      const started = residentMiB(server.pid).now;
      const headers = await server.login('big@example.com', 'bench-password-1');
      const form = new FormData();
      form.append('file', new Blob([csv]), 'big.csv');
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
      const { peak } = residentMiB(server.pid);
      return [
        `Import of a ${rows.toLocaleString('en')}-row CSV (${(csv.length / 1_048_576).toFixed(1)} MB) by the production server over real HTTP:`,
        `  preview ${seconds(previewMs)}, commit ${seconds(commitMs)} (${result.imported} imported); RSS ${started} MiB after start, peak ${peak} MiB`,
      ].join('\n');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The import benchmark: 100k rows on SQLite (and PostgreSQL with its URL), and the server's memory at `bigRows`. */
export async function benchImport(pgUrl: string | undefined, bigRows: number): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-import-'));
  try {
    const lines = await importOn('SQLite', { kind: 'sqlite', file: path.join(dir, 'import.db') }, 100_000);
    if (pgUrl !== undefined && pgUrl !== '') {
      const pg = await import('pg');
      const schema = `bench_import_${Date.now()}`;
      const admin = new pg.default.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      try {
        lines.push(...(await importOn('PostgreSQL', { kind: 'postgres', url: pgUrl }, 100_000, schema)));
      } finally {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    }
    lines.push(await importMemory(bigRows));
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
