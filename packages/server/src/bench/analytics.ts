import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE } from '@kassa/contract';
import { utcDayOf } from '@kassa/money';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { LedgerWriter, type MainValuation } from '../modules/ledger/index.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { prng } from '../util/prng.js';
import { formatFigures, measure, type Figures } from './measure.js';
import { serverMemory } from './server-memory.js';
import { inFreshSchema } from './pg-schema.js';

const DAY = 86_400_000;
const YEARS = 10;
const CODES = ['EUR', 'USD', 'GBP', 'HUF', 'JPY', 'CHF', 'PLN', 'SEK'];
type Row = Parameters<typeof LedgerWriter.load>[2][number];

/** Talks to the app over inject, as the web app does: token, CSRF cookie and header. */
export function apiOf(app: FastifyInstance, token: string) {
  const csrf = 'b'.repeat(43);
  return async <T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': csrf, 'content-type': 'application/json' },
      cookies: { [CSRF_COOKIE]: csrf },
      // A JSON string body (analytics/balances takes one) is sent as written.
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
}
export type Api = ReturnType<typeof apiOf>;

/** A registration-complete user in EUR, logged in over inject: the user and its token. */
export async function freshAccount(database: Database, app: FastifyInstance, email: string) {
  const user = await new CompleteUserFactory(database.db).createComplete({
    email,
    password: 'bench-password-1',
    mainCurrency: 'EUR',
  });
  const csrf = 'b'.repeat(43);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    cookies: { [CSRF_COOKIE]: csrf },
    headers: { 'x-xsrf-token': csrf },
    payload: { email, password: 'bench-password-1' },
  });
  return { user, token: login.json<{ token: string }>().token };
}

/**
 * A heavy user over the API: `count` transactions over ten years in 8 currencies (80 % real in
 * 20 categories, 10 % loans, 10 % business), 60 fixpoints, 20 loans, 10 businesses.
 */
export async function seedHeavyUser(
  database: Database,
  app: FastifyInstance,
  count: number,
  /** Values the totals as they are loaded, as a restore does (valuation bench). */
  valuation?: MainValuation,
): Promise<{ api: Api; token: string; end: number }> {
  const end = Date.UTC(2026, 9, 31);
  const start = end - YEARS * 365.25 * DAY;
  const { user, token } = await freshAccount(database, app, 'heavy@example.com');
  const api = apiOf(app, token);
  for (const code of CODES.slice(1)) await api('POST', '/api/currency/add', { currency: code });
  const add = async (body: object) => (await api<{ id: number }>('POST', '/api/category/add', body)).id;
  const real: { id: number; isIncome: boolean }[] = [];
  for (let i = 0; i < 20; i++)
    real.push({ id: await add({ name: `Real ${i}`, type: 'real', isIncome: i < 5 }), isIncome: i < 5 });
  const loans: number[] = [];
  for (let i = 0; i < 20; i++) loans.push(await add({ name: `Loan ${i}`, type: 'loan' }));
  const businesses: number[] = [];
  for (let i = 0; i < 10; i++) businesses.push(await add({ name: `Business ${i}`, type: 'business' }));

  const random = prng(7);
  const minutes = Math.floor((end - start) / 60_000);
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const time = start + random(minutes) * 60_000;
    const currency = CODES[random(CODES.length)] ?? 'EUR';
    // In minor units: up to 2,000.00 (or ¥200,000 where there are no decimals).
    const amount = 1 + random(200_000);
    const pick = random(100);
    const base = { amount, currency, description: `t${i}`, time, day: utcDayOf(time) };
    if (pick < 80) {
      const c = real[random(real.length)] ?? { id: 0, isIncome: false };
      rows.push({ ...base, categoryId: c.id, kind: 'real', businessType: null, isIncome: c.isIncome });
    } else if (pick < 90) {
      const categoryId = loans[random(loans.length)] ?? 0;
      rows.push({ ...base, categoryId, kind: 'loan', businessType: null, isIncome: random(2) === 1 });
    } else {
      const businessType = (['invest', 'pnl', 'realize'] as const)[random(3)] ?? 'invest';
      const categoryId = businesses[random(businesses.length)] ?? 0;
      rows.push({ ...base, categoryId, kind: 'business', businessType, isIncome: random(2) === 1 });
    }
  }
  const userId = user.id;
  await LedgerWriter.load(database.db, userId, rows, Date.now(), valuation);

  const pockets = await api<{ pocketId: number }[]>('GET', '/api/pocket/getall');
  for (let f = 0; f < 60; f++) {
    const time = new Date(start + Math.floor(((f + 1) * (end - start)) / 61)).toISOString();
    await api(
      'POST',
      `/api/fixpoint/set?time=${time}`,
      // Whole units, valid in every currency (JPY has no decimals).
      pockets.map((p) => ({ pocketId: p.pocketId, balance: random(10_000) })),
    );
  }
  return { api, token, end };
}

/**
 * Taking the books out and back in (issue 18): the CSV export, the hledger journal and the backup
 * document of the whole heavy user, and restoring that document into a fresh account. One run
 * each (they take seconds), over HTTP inject with the whole body read.
 */
async function benchTakeOut(database: Database, app: FastifyInstance, token: string, count: number): Promise<string[]> {
  const csrf = 'b'.repeat(43);
  const call = async (method: 'GET' | 'POST', url: string, as: string, payload?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${as}`, 'x-xsrf-token': csrf, 'content-type': 'application/json' },
      cookies: { [CSRF_COOKIE]: csrf },
      ...(payload === undefined ? {} : { payload }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.body;
  };
  const timed = async (name: string, fn: () => Promise<string>) => {
    const t = performance.now();
    const body = await fn();
    const seconds = ((performance.now() - t) / 1000).toFixed(2);
    return { line: `${name.padEnd(44)} ${seconds} s (${(body.length / 1_048_576).toFixed(1)} MB)`, body };
  };
  const lines = [`Taking ${count.toLocaleString('en')} transactions out and back in (one run each)`];
  lines.push((await timed('GET export/csv (everything)', () => call('GET', '/api/export/csv', token))).line);
  lines.push((await timed('GET export/hledger', () => call('GET', '/api/export/hledger', token))).line);
  const backup = await timed('GET backup/get', () => call('GET', '/api/backup/get', token));
  lines.push(backup.line);
  // A fresh account of its own to restore into.
  const other = (await freshAccount(database, app, 'restored@example.com')).token;
  lines.push(
    (
      await timed('POST backup/restore (into a fresh account)', () =>
        call('POST', '/api/backup/restore', other, backup.body),
      )
    ).line,
  );
  return lines;
}

/** The highest resident set size seen while the benchmark runs (sampled every 50 ms). */
function watchMemory(): { peakMiB: () => number; stop: () => void } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return { peakMiB: () => Math.round(peak / 1_048_576), stop: () => clearInterval(timer) };
}

/** Runs the analytics benchmark on one database; returns the lines to print. */
async function benchOn(label: string, target: DatabaseTarget, count: number, pgSchema?: string): Promise<string[]> {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  const memory = watchMemory();
  await migrateToLatest(database.db);
  const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
  try {
    const seedStart = performance.now();
    const { api, token, end } = await seedHeavyUser(database, app, count);
    const lines = [
      `Analytics on ${label} over HTTP (inject): ${count.toLocaleString('en')} transactions, ${YEARS} years, 8 currencies, 60 fixpoints, 20 loans, 10 businesses (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`,
    ];
    // Fewer runs at 1M, where one call may take a while before the roll-ups.
    const runs = (n: number) => (count > 200_000 ? Math.max(3, Math.ceil(n / 5)) : n);
    const iso = (ms: number) => new Date(ms).toISOString();
    const spans: [string, number][] = [
      ['1 month', 30],
      ['1 year', 365],
      ['5 years', 1826],
      ['10 years', 3652],
    ];
    const results: Figures[] = [];
    const date = JSON.stringify(iso(end));
    results.push(await measure('balances (today)', runs(50), () => api('POST', '/api/analytics/balances', date), 3));
    results.push(await measure('holdings (today)', runs(50), () => api('POST', '/api/analytics/holdings', date), 3));
    for (const [name, days] of spans) {
      const interval = { start: iso(end - days * DAY + 1), end: iso(end) };
      const n = runs(days > 400 ? 10 : 30);
      results.push(await measure(`cashflow (${name})`, n, () => api('POST', '/api/analytics/cashflow', interval), 1));
      for (const kind of ['oneperiod', 'multiperiod'] as const)
        results.push(
          await measure(
            `${kind} (${name}, expenses)`,
            n,
            () => api('POST', `/api/analytics/${kind}`, { interval, direction: false }),
            1,
          ),
        );
      results.push(
        await measure(`balance-history (${name})`, n, () => api('POST', '/api/analytics/balance-history', interval), 1),
      );
    }
    results.push(
      await measure(
        'transaction/getconvertedsum (all expenses)',
        runs(10),
        () => api('POST', '/api/transaction/getconvertedsum', { directions: [false] }),
        1,
      ),
    );
    const income = (await api<{ id: number; isIncome: boolean }[]>('GET', '/api/category/getall?type=real')).find(
      (c) => c.isIncome,
    );
    let i = 0;
    const addOne = () =>
      api('POST', '/api/transaction/add', {
        amount: '12.34',
        currency: 'USD',
        categoryId: income?.id ?? 0,
        description: `bench ${i++}`,
        time: iso(end - 5 * DAY),
      });
    results.push(await measure('transaction/add', runs(100), addOne, 5));
    // The first report after a write: whatever a write invalidates is paid here.
    const afterWrite = async (name: string, url: string, interval: { start: string; end: string }) => {
      const samples: number[] = [];
      for (let k = 0; k < runs(20); k++) {
        await addOne();
        const t = performance.now();
        await api('POST', url, interval);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
      results.push({
        name,
        runs: samples.length,
        totalMs: samples.reduce((a, b) => a + b, 0),
        p50Ms: at(0.5),
        p95Ms: at(0.95),
      });
    };
    const year = { start: iso(end - 365 * DAY + 1), end: iso(end) };
    const decade = { start: iso(end - 3652 * DAY + 1), end: iso(end) };
    await afterWrite('cashflow (1 year) right after a write', '/api/analytics/cashflow', year);
    await afterWrite('cashflow (10 years) right after a write', '/api/analytics/cashflow', decade);
    await afterWrite('balance-history (10 years) right after a write', '/api/analytics/balance-history', decade);
    for (const r of results) lines.push(formatFigures(r));
    lines.push(...(await benchTakeOut(database, app, token, count)));
    lines.push(`peak memory of the benchmark process (server and seed data, RSS) ${memory.peakMiB()} MiB`);
    return lines;
  } finally {
    memory.stop();
    await app.close();
    await database.close();
  }
}

/**
 * The heavy-user analytics benchmark on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 * `count` transactions (100,000 by default; `npm run bench -- --transactions=1000000` for 1M).
 */
export async function benchAnalytics(pgUrl: string | undefined, count: number): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-analytics-'));
  try {
    const file = path.join(dir, 'heavy.db');
    const lines = await benchOn('SQLite', { kind: 'sqlite', file }, count);
    lines.push(await serverMemory(file, 'heavy@example.com', 'bench-password-1'));
    if (pgUrl !== undefined && pgUrl !== '')
      lines.push(
        ...(await inFreshSchema(pgUrl, 'bench', (schema) =>
          benchOn('PostgreSQL', { kind: 'postgres', url: pgUrl }, count, schema),
        )),
      );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
