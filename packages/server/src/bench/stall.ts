import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, type BackupDocument } from '@kassa/contract';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { bigBackup, bigStatement, measureStall, type StallFigures } from '../test/stall.js';
import { inFreshSchema } from './pg-schema.js';

// Issue 31's stall figures at full scale: one user previews a 1M-row file while another restores
// 340k transactions, and a third user's requests are timed over real HTTP (test/stall.ts).

async function stallOn(target: DatabaseTarget, rows: number, restored: number, pgSchema?: string) {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  try {
    await migrateToLatest(database.db);
    const users = new CompleteUserFactory(database.db);
    const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
    const csrf = 's'.repeat(43);
    const tokens: string[] = [];
    for (const who of ['previewer', 'restorer', 'prober']) {
      const email = `${who}@example.com`;
      await users.createComplete({ email, password: 'bench-password-1', mainCurrency: 'EUR' });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        cookies: { [CSRF_COOKIE]: csrf },
        headers: { 'x-xsrf-token': csrf },
        payload: { email, password: 'bench-password-1' },
      });
      tokens.push(login.json<{ token: string }>().token);
    }
    const [previewer = '', restorer = '', prober = ''] = tokens;
    const get = async <T>(url: string, token: string) =>
      (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json<T>();
    const [pocket] = await get<{ pocketId: number }[]>('/api/pocket/getall', previewer);
    const base = await get<BackupDocument>('/api/backup/get', restorer);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const figures = await measureStall({
      base: `http://127.0.0.1:${port}`,
      previewer,
      restorer,
      prober,
      pocketId: pocket?.pocketId ?? 0,
      csv: bigStatement(rows),
      backup: bigBackup(base, restored),
    });
    await app.close();
    return figures;
  } finally {
    await database.close();
  }
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const line = (label: string, f: StallFigures) =>
  `| ${label} | ${f.probes} | ${ms(f.probeP50Ms)} | ${ms(f.probeP99Ms)} | ${ms(f.probeMaxMs)} | ${ms(f.loopP99Ms)} | ${ms(f.loopMaxMs)} | ${(f.previewMs / 1000).toFixed(1)} s (${f.previewStatus}) | ${(f.restoreMs / 1000).toFixed(1)} s (${f.restoreStatus}) |`;

export async function benchStall(pgUrl: string | undefined, rows: number, restored: number): Promise<string[]> {
  const out = [
    '',
    `Stall probe (issue 31): preview of ${rows.toLocaleString('en')} rows and restore of ${restored.toLocaleString('en')} transactions at once, a third user probing over HTTP`,
    '| database | probes | p50 | p99 | max | loop p99 | loop max | preview | restore |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-stall-'));
  try {
    out.push(line('SQLite', await stallOn({ kind: 'sqlite', file: path.join(dir, 'stall.db') }, rows, restored)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (pgUrl !== undefined && pgUrl !== '')
    out.push(
      line(
        'PostgreSQL',
        await inFreshSchema(pgUrl, 'bench_stall', (schema) =>
          stallOn({ kind: 'postgres', url: pgUrl }, rows, restored, schema),
        ),
      ),
    );
  return out;
}
