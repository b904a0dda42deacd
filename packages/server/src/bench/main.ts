import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE } from '@kassa/contract';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { formatFigures, measure } from './measure.js';
import { benchAnalytics } from './analytics.js';
import { benchConversions } from './rates.js';
import { benchImport } from './import.js';
import { benchSearch } from './search.js';
import { benchBudgets } from './budgets.js';
import { benchBulkEdit } from './bulk-edit.js';
import { benchInsights } from './insights.js';
import { benchStall } from './stall.js';
import { benchValuation } from './valuation.js';
import { benchImportOverSocket } from './import-http.js';

// `npm run bench`: figures for the request path every API call pays (token check and user
// lookup) on a real SQLite file, in process via inject so the network stack is not measured.
async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
  try {
    await migrateToLatest(database.db);
    await new CompleteUserFactory(database.db).createComplete({
      email: 'bench@example.com',
      password: 'bench-password-1',
    });
    const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
    const csrf = 'b'.repeat(43);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      cookies: { [CSRF_COOKIE]: csrf },
      headers: { 'x-xsrf-token': csrf },
      payload: { email: 'bench@example.com', password: 'bench-password-1' },
    });
    const { token } = login.json<{ token: string }>();
    const authorization = `Bearer ${token}`;

    console.log('Foundation benchmarks (SQLite, in-process inject)');
    const results = [
      await measure('GET /api/health (liveness)', 5000, () => app.inject({ method: 'GET', url: '/api/health' })),
      await measure('GET /api/health/ready (migrations, read and write)', 2000, () =>
        app.inject({ method: 'GET', url: '/api/health/ready' }),
      ),
      await measure('GET /api/account/userinfo (JWT + user lookup)', 5000, () =>
        app.inject({ method: 'GET', url: '/api/account/userinfo', headers: { authorization } }),
      ),
      await measure(
        'POST /api/auth/login (argon2id verify)',
        50,
        () =>
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            cookies: { [CSRF_COOKIE]: csrf },
            headers: { 'x-xsrf-token': csrf },
            payload: { email: 'bench@example.com', password: 'bench-password-1' },
          }),
        5,
      ),
    ];
    for (const r of results) console.log(formatFigures(r));
    await app.close();
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Conversions first, so the bundle's parse time is measured cold.
for (const line of benchConversions()) console.log(line);
await main();
// TEST_DATABASE_URL (as for the tests) adds the PostgreSQL run; --transactions=1000000 the big user.
const countArg = process.argv.find((a) => a.startsWith('--transactions='))?.split('=')[1];
const count = countArg === undefined ? 100_000 : Number(countArg);
if (!Number.isSafeInteger(count) || count < 1) throw new Error('--transactions= needs a positive whole number');
for (const line of await benchAnalytics(process.env['TEST_DATABASE_URL'], count)) console.log(line);
for (const line of await benchSearch(process.env['TEST_DATABASE_URL'], count)) console.log(line);
for (const line of await benchBudgets(process.env['TEST_DATABASE_URL'], count)) console.log(line);
for (const line of await benchBulkEdit(process.env['TEST_DATABASE_URL'], count)) console.log(line);
for (const line of await benchInsights(process.env['TEST_DATABASE_URL'], count)) console.log(line);
for (const line of await benchValuation(process.env['TEST_DATABASE_URL'], count)) console.log(line);
// --import-rows=N sets the big file the production server imports (1M rows by default).
const importArg = process.argv.find((a) => a.startsWith('--import-rows='))?.split('=')[1];
const importRows = importArg === undefined ? 1_000_000 : Number(importArg);
if (!Number.isSafeInteger(importRows) || importRows < 1)
  throw new Error('--import-rows= needs a positive whole number');
for (const line of await benchImport(process.env['TEST_DATABASE_URL'], importRows)) console.log(line);
for (const line of await benchImportOverSocket(process.env['TEST_DATABASE_URL'])) console.log(line);
// --stall-rows=N and --stall-restore=N set the stall probe's jobs (1M rows and 340k transactions).
const stallRows = Number(process.argv.find((a) => a.startsWith('--stall-rows='))?.split('=')[1] ?? 1_000_000);
const stallRestore = Number(process.argv.find((a) => a.startsWith('--stall-restore='))?.split('=')[1] ?? 340_000);
for (const line of await benchStall(process.env['TEST_DATABASE_URL'], stallRows, stallRestore)) console.log(line);
