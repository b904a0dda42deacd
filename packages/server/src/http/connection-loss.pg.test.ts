import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@kassa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { dropSchema, pgAdmin, TEST_PG_URL } from '../test/postgres.js';
import { ServerProcess } from '../test/server-process.js';

describe.skipIf(TEST_PG_URL === '')('PostgreSQL ends the server’s connections [postgres]', () => {
  const url = TEST_PG_URL;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  // Only this test's server uses this name, so the cut never touches other test files' connections.
  const appName = `kassa_cut_${schema}`;
  const server = new ServerProcess();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kassa-cut-'));
  let base = '';

  beforeAll(async () => {
    await pgAdmin(`create schema ${schema}`);
    const databaseUrl = new URL(url);
    databaseUrl.searchParams.set('application_name', appName);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    base = await server.start({
      DATABASE_URL: databaseUrl.toString(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATES_REFRESH_MINUTES: '0',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'info',
      LOGIN_MAX_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_EMAIL: '100000',
    });
    // The user is made over a connection of our own, which the cut leaves alone.
    const database = openDatabase({ kind: 'postgres', url }, { pgSchema: schema });
    await new CompleteUserFactory(database.db).createComplete({
      email: 'cut@example.com',
      password: 'password-123',
      mainCurrency: 'EUR',
      firstName: 'C',
    });
    await database.close();
  }, 60_000);

  afterAll(async () => {
    await server.stop();
    await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** GET /api/health for the CSRF cookie, then a login; the token, or the status that refused it. */
  const login = async (): Promise<{ status: number; token?: string }> => {
    try {
      return await tryLogin();
    } catch {
      return { status: 0 }; // no answer at all: the server is gone
    }
  };
  const tryLogin = async (): Promise<{ status: number; token?: string }> => {
    const health = await fetch(`${base}/api/health`);
    const csrf = new RegExp(`${CSRF_COOKIE}=([^;]+)`).exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrf, cookie: `${CSRF_COOKIE}=${csrf}` },
      body: JSON.stringify({ email: 'cut@example.com', password: 'password-123' }),
    });
    if (res.status !== 200) return { status: res.status };
    return { status: 200, token: ((await res.json()) as { token: string }).token };
  };
  const read = (token: string, what: string) =>
    fetch(`${base}/api/${what}`, { headers: { authorization: `Bearer ${token}` } }).then(
      (res) => res.status,
      () => 0,
    );
  const terminate = () =>
    pgAdmin('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [appName]);

  it('answers 200 or 503 while its connections are cut, stays up, and recovers by itself', async () => {
    const first = await login();
    expect(first.status).toBe(200);
    const token = first.token ?? '';

    const statuses: number[] = [];
    let cutting = true;
    const traffic = async () => {
      while (cutting) {
        statuses.push(
          (await login()).status,
          await read(token, 'category/getall'),
          await read(token, 'pocket/getall'),
          await read(token, 'transaction/getallincat/1'),
        );
      }
    };
    const cuts = async () => {
      for (let i = 0; i < 12; i++) {
        await terminate();
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      cutting = false;
    };
    await Promise.all([traffic(), traffic(), traffic(), cuts()]);

    expect(server.exit, server.tail()).toBeUndefined();
    expect(server.text()).not.toContain('Unhandled');
    expect(statuses.length).toBeGreaterThan(12);
    // 404 is the read of a category this user cannot see: an answer from the database.
    expect(
      statuses.filter((s) => ![200, 404, 503].includes(s)),
      server.tail(),
    ).toEqual([]);

    // Without a restart: the pool opens new connections and every answer is whole again.
    const again = await login();
    expect(again.status).toBe(200);
    expect(await read(again.token ?? '', 'category/getall')).toBe(200);
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    expect(server.exit).toBeUndefined();
    expect(server.text()).toContain('database connection lost');
  }, 60_000);
});
