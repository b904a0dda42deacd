import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { prng } from '../util/prng.js';
import { seedHeavyUser } from './analytics.js';
import { inFreshSchema } from './pg-schema.js';
import { cpuMs, residentMiB, startProductionServer, type ProductionServer } from './server-memory.js';

// `npm run load`: mixed load on the production server (issue 19): `connections` clients send
// requests back to back for `seconds`, 80 % reads of what the screens ask for and 20 % writes
// (a new transaction), as one user with `transactions` transactions. Prints requests per
// second, latency percentiles, errors and the server's resident memory over the run.

const DAY = 86_400_000;

export interface LoadOptions {
  seconds: number;
  connections: number;
  transactions: number;
  /** PostgreSQL URL (a fresh schema is made in it); SQLite when absent. */
  pgUrl?: string;
  /** A folder for a CPU profile of the server (a .cpuprofile for Chrome DevTools), written when it stops. */
  profileDir?: string;
}

interface Step {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** What one client asks next: a screen's read (80 %) or a new transaction (20 %). */
function nextStep(random: (n: number) => number, end: number, categories: number[], codes: string[]): Step {
  const iso = (ms: number) => new Date(ms).toISOString();
  const last = (days: number) => ({ start: iso(end - days * DAY + 1), end: iso(end) });
  const reads: Step[] = [
    // The list screen's first page, as the web app asks for it.
    { method: 'POST', path: '/api/transaction/getfiltered', body: JSON.stringify({ limit: 100 }) },
    { method: 'POST', path: '/api/analytics/balances', body: JSON.stringify(iso(end)) },
    { method: 'POST', path: '/api/analytics/holdings', body: JSON.stringify(iso(end)) },
    { method: 'POST', path: '/api/analytics/cashflow', body: JSON.stringify(last(30)) },
    {
      method: 'POST',
      path: '/api/analytics/oneperiod',
      body: JSON.stringify({ interval: last(30), direction: false }),
    },
    { method: 'POST', path: '/api/analytics/balance-history', body: JSON.stringify(last(365)) },
    { method: 'GET', path: '/api/category/getall' },
    { method: 'GET', path: '/api/pocket/getall' },
    { method: 'GET', path: '/api/exrate/get-daily' },
    { method: 'GET', path: '/api/account/userinfo' },
  ];
  const read = random(100) < 80 ? reads[random(reads.length)] : undefined;
  if (read !== undefined) return read;
  return {
    method: 'POST',
    path: '/api/transaction/add',
    body: JSON.stringify({
      amount: 1 + random(500), // whole units: valid in every currency (JPY and HUF have no decimals)
      currency: codes[random(codes.length)],
      categoryId: categories[random(categories.length)],
      time: iso(end - random(365) * DAY),
      description: 'load',
    }),
  };
}

/** The server's logged errors (level error and above), counted by message, the first three in full. */
function serverErrors(log: string): string[] {
  const errors = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } })
    .filter((entry) => entry.level >= 50);
  const counts = new Map<string, number>();
  for (const e of errors) {
    const text = `${e.msg ?? ''}: ${e.err?.message ?? ''}`;
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [
    `  errors in the server's log: ${errors.length}`,
    ...[...counts].slice(0, 3).map(([text, n]) => `    ${n} × ${text}`),
  ];
}

export async function runLoad(options: LoadOptions): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-load-'));
  const scratch = { dir, file: path.join(dir, 'load.db') };
  try {
    const { pgUrl } = options;
    if (pgUrl === undefined)
      return await loadOn({ kind: 'sqlite', file: scratch.file }, `sqlite:${scratch.file}`, 'SQLite', scratch, options);
    return await inFreshSchema(pgUrl, 'load', (schema) => {
      const withSchema = new URL(pgUrl);
      withSchema.searchParams.set('options', `-c search_path=${schema}`);
      const url = withSchema.toString();
      return loadOn({ kind: 'postgres', url }, url, 'PostgreSQL', scratch, options);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The heavy user's books, and what the writes pick from. */
interface Seeded {
  end: number;
  categories: number[];
  codes: string[];
}

/** What one run measured. */
interface Measured {
  result: autocannon.Result;
  refused: string[];
  /** The server's resident MiB, a sample a second. */
  memory: number[];
  cpu: number;
}

/** Seeds the database at `target`, then loads the production server started on it; `scratch` holds its SQLite file and log. */
async function loadOn(
  target: DatabaseTarget,
  url: string,
  databaseName: string,
  scratch: { dir: string; file: string },
  options: LoadOptions,
): Promise<string[]> {
  const seeded = await seedLoadUser(target, options.transactions);
  // Production as operators run it: request logs on (to a discarded stdout).
  const log = path.join(scratch.dir, 'server.log');
  const server = await startProductionServer(
    scratch.file,
    { DATABASE_URL: url, LOG_LEVEL: 'info' },
    log,
    options.profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`],
  );
  let stopped = false;
  try {
    const measured = await measureLoad(server, options, seeded);
    // Stopped here (graceful: it finishes what it still handles) so its log is complete.
    await server.stop();
    stopped = true;
    return [...loadReport(options, databaseName, measured), ...serverErrors(log)];
  } finally {
    if (!stopped) await server.stop();
  }
}

/** One user with `transactions` transactions, seeded through an app of its own, closed again. */
async function seedLoadUser(target: DatabaseTarget, transactions: number): Promise<Seeded> {
  const database = openDatabase(target);
  await migrateToLatest(database.db);
  const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
  const { api, end } = await seedHeavyUser(database, app, transactions);
  const categories = (
    await api<{ id: number; type: string; isIncome: boolean | null }[]>('GET', '/api/category/getall')
  )
    .filter((c) => c.type === 'real')
    .map((c) => c.id);
  const codes = (await api<{ code: string }[]>('GET', '/api/currency/usersall')).map((c) => c.code);
  await app.close();
  await database.close();
  return { end, categories, codes };
}

/** The clients' requests for the run's length, with the server's memory and CPU along the way. */
async function measureLoad(server: ProductionServer, options: LoadOptions, seeded: Seeded): Promise<Measured> {
  const { end, categories, codes } = seeded;
  const headers = await server.login('heavy@example.com', 'bench-password-1');
  const random = prng(19);
  const memory: number[] = [residentMiB(server.pid).now];
  const cpuBefore = cpuMs(server.pid);
  const sampler = setInterval(() => memory.push(residentMiB(server.pid).now), 1000);
  // The first few refusals are printed: a load of 4xx answers measures nothing.
  const refused: string[] = [];
  const result = await autocannon({
    url: server.base,
    connections: options.connections,
    duration: options.seconds,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request, context) => {
          const step = nextStep(random, end, categories, codes);
          (context as { path?: string }).path = step.path;
          // Fresh headers each time: autocannon would keep the last body's content-length.
          const sent = { ...headers, ...(step.body === undefined ? {} : { 'content-type': 'application/json' }) };
          return { ...request, method: step.method, path: step.path, headers: sent, body: step.body ?? '' };
        },
        onResponse: (status, body, context) => {
          if (status >= 300 && refused.length < 3)
            refused.push(`${status} ${String((context as { path?: string }).path)} ${body.slice(0, 200)}`);
        },
      },
    ],
  });
  clearInterval(sampler);
  memory.push(residentMiB(server.pid).now);
  return { result, refused, memory, cpu: cpuMs(server.pid) - cpuBefore };
}

function loadReport(options: LoadOptions, databaseName: string, measured: Measured): string[] {
  const { result, refused, memory, cpu } = measured;
  const minute = (m: number) => memory[Math.min(memory.length - 1, m * 60)] ?? 0;
  const errors = result.errors + result.timeouts + result.non2xx;
  return [
    `Mixed load on ${databaseName}: ${options.connections} clients for ${options.seconds} s, 80 % reads / 20 % new transactions, one user with ${options.transactions.toLocaleString('en')} transactions, production server (npm run serve) over real HTTP`,
    `  ${result.requests.total.toLocaleString('en')} requests, ${Math.round(result.requests.average)} requests/s; latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `  status codes ${JSON.stringify(result.statusCodeStats)}`,
    `  errors ${errors} (non-2xx ${result.non2xx}, timeouts ${result.timeouts}, connection errors ${result.errors})`,
    ...refused.map((r) => `  refused: ${r}`),
    // What a request costs the server whatever else the machine runs: comparable between runs.
    `  server CPU: ${(cpu / result.requests.total).toFixed(2)} ms a request (${Math.round(cpu / 1000)} s in all)`,
    `  server RSS: ${memory[0]} MiB before, ${minute(1)} after 1 min, ${memory.at(-1)} at the end, peak ${Math.max(...memory)} MiB`,
  ];
}
