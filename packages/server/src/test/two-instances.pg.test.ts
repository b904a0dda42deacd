import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@kassa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { FeedServer } from './feed-server.js';
import { ECB_XML } from './fixtures.js';
import { dropSchema, pgAdmin, TEST_PG_URL } from './postgres.js';
import { ServerProcess } from './server-process.js';

// Two server processes on one PostgreSQL database and one Redis, as an operator runs them
// behind a load balancer: requests to both succeed, limits are shared, each scheduled job runs
// once per tick, and one instance shutting down finishes its requests while the other serves.

const CSRF = 'd'.repeat(43);
const TICK_MS = 2000;

describe.skipIf(TEST_PG_URL === '')('two instances on PostgreSQL and Redis [postgres]', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kassa-two-'));
  const feed = new FeedServer();
  const servers = [new ServerProcess(), new ServerProcess()];
  const bases: string[] = [];
  let database: Database;
  // A fresh client address per run: limit counts of earlier runs stay in Redis for the window.
  let ip = `10.${randomBytes(3).join('.')}`;
  // And a fresh e-mail: failed logins are counted per e-mail too.
  const email = `two-${randomBytes(4).toString('hex')}@example.com`;
  // A second user: one user's previews run one at a time (http/heavy-jobs.ts), two users' both finish.
  const otherEmail = `two-other-${randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    await pgAdmin(`create schema ${schema}`);
    await feed.start();
    feed.answers.set('/ecb.xml', { body: ECB_XML, contentType: 'application/xml' });
    const databaseUrl = new URL(TEST_PG_URL);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'two-instances-secret-two-instances-secret',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'info',
      TRUST_PROXY_HOPS: '1',
      LOGIN_MAX_PER_IP: '6',
      RATES_REFRESH_MINUTES: String(TICK_MS / 60_000),
      ECB_RATES_URL: feed.url('/ecb.xml'),
      FALLBACK_RATES_URL: feed.url('/fallback.json'),
      DEMO: 'true',
    };
    // Started together: both reach the demo cleanup of the hour at once.
    bases.push(...(await Promise.all(servers.map((s) => s.start(env)))));
    database = openDatabase({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: schema });
    for (const address of [email, otherEmail])
      await new CompleteUserFactory(database.db).createComplete({
        email: address,
        password: 'password-1',
        mainCurrency: 'EUR',
      });
  }, 60_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await feed.stop();
    await database.close();
    await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (base: string, method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        [CSRF_HEADER]: CSRF,
        cookie: `${CSRF_COOKIE}=${CSRF}`,
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json().catch((): unknown => null) };
  };
  const login = async (base: string, address = email) => {
    const res = await call(base, 'POST', '/api/auth/login', undefined, {
      email: address,
      password: 'password-1',
    });
    expect(res.status).toBe(200);
    return (res.body as { token: string }).token;
  };

  it('serves a user from both instances: what one writes the other reads', async () => {
    const [a = '', b = ''] = bases;
    const tokens = [await login(a), await login(b)];
    const categories = (await call(a, 'GET', '/api/category/getall', tokens[0])).body as {
      id: number;
      name: string;
    }[];
    const expense = categories.find((c) => c.name === 'Other expense')?.id;
    const writes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 === 0 ? a : b, 'POST', '/api/transaction/add', tokens[i % 2], {
          amount: i + 1,
          currency: 'EUR',
          categoryId: expense,
          time: '2026-11-20T10:00:00Z',
          description: `from ${i % 2 === 0 ? 'a' : 'b'}`,
        }),
      ),
    );
    expect(writes.map((w) => w.status)).toEqual(Array.from({ length: 20 }, () => 200));
    for (const [i, base] of [a, b].entries()) {
      const list = await call(base, 'POST', '/api/transaction/getfiltered', tokens[i], {});
      expect((list.body as unknown[]).length).toBe(20);
    }
  });

  it('shares the login limit per address: six attempts over both, the seventh refused by either', async () => {
    const [a = '', b = ''] = bases;
    // Two logins above already counted from this address.
    const wrong = (base: string) =>
      call(base, 'POST', '/api/auth/login', undefined, { email, password: 'wrong-password' });
    const statuses = [(await wrong(a)).status, (await wrong(b)).status, (await wrong(a)).status];
    expect(statuses).toEqual([401, 401, 401]);
    expect((await wrong(b)).status).toBe(401);
    expect((await wrong(a)).status).toBe(429);
    expect((await wrong(b)).status).toBe(429);
  });

  it('runs each scheduled job once per tick across both instances', async () => {
    // Both refresh every tick on their own timers; let a few ticks pass.
    await new Promise((resolve) => setTimeout(resolve, 3 * TICK_MS + 5500));
    const runs = await database.db.selectFrom('job_runs').select(['job', 'tick', 'instance']).execute();
    const refreshes = runs.filter((r) => r.job === 'rates-refresh');
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    // One feed request per claimed tick: no tick was refreshed twice.
    expect(feed.hits.filter((h) => h === '/ecb.xml')).toHaveLength(refreshes.length);
    expect(new Set(refreshes.map((r) => r.tick)).size).toBe(refreshes.length);
    // The demo cleanup ran once, though both instances started on a fresh database at once.
    expect(runs.filter((r) => r.job === 'demo-cleanup')).toHaveLength(1);
  }, 40_000);

  it('finishes the requests in flight when one instance shuts down, while the other serves', async () => {
    const [a = '', b = ''] = bases;
    const [first, second] = servers as [ServerProcess, ServerProcess];
    ip = `10.${randomBytes(3).join('.')}`; // the last test used up the limit of the first address
    const tokenA = await login(a);
    const tokenB = await login(b);
    const otherTokenA = await login(a, otherEmail);
    // Requests in flight on A when it gets SIGTERM: two users' previews of a bank file of 20,000
    // rows, which take a while to read and store (the second waits for the first)…
    const csv = [
      'Date,Payee,Amount',
      ...Array.from(
        { length: 20_000 },
        (_, i) => `2026-01-${String((i % 28) + 1).padStart(2, '0')},Shop ${i},-${(i % 90) + 1}.50`,
      ),
    ].join('\n');
    const preview = (token: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv]), 'statement.csv');
      form.append('options', JSON.stringify({}));
      return fetch(`${a}/api/import/preview`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-forwarded-for': ip,
          [CSRF_HEADER]: CSRF,
          cookie: `${CSRF_COOKIE}=${CSRF}`,
        },
        body: form,
      }).then(async (res) => ({ status: res.status, body: await res.json() }));
    };
    const inFlight = [preview(tokenA), preview(otherTokenA)];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = first.stop();
    // …and requests to B meanwhile.
    const onB = Array.from({ length: 10 }, () => call(b, 'GET', '/api/account/userinfo', tokenB));
    const done = await Promise.all(inFlight);
    expect(done.map((r) => r.status)).toEqual([200, 200]);
    expect(done.map((r) => (r.body as { counts: { new: number } }).counts.new)).toEqual([20_000, 20_000]);
    expect((await Promise.all(onB)).map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    await stopped;
    expect(first.exit).toEqual({ code: 0, signal: null });
    expect((await call(b, 'GET', '/api/account/userinfo', tokenB)).status).toBe(200);
    await expect(fetch(`${a}/api/health`)).rejects.toThrow();
    expect(second.exit).toBeUndefined();
  });
});
