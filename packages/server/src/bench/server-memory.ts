import { execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_COOKIE } from '@kassa/contract';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The command line of `npm run serve`, the production start, with its shell defaults filled in
 * (`${HEAP_LIMIT_MB:-1536}`), so the benchmark starts the server with the same heap ceiling.
 */
function serveArgs(): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const command = (scripts.serve ?? '').replace(
    /\$\{(\w+):-([^}]*)\}/g,
    (_, name: string, fallback: string) => process.env[name] ?? fallback,
  );
  const [node, ...args] = command.split(' ');
  if (node !== 'node' || args.length === 0) throw new Error(`npm run serve is not a node command: ${command}`);
  return args;
}

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS (now) and VmHWM (peak) of a process, in MiB. */
export function residentMiB(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { now: Math.round(kib('VmRSS') / 1024), peak: Math.round(kib('VmHWM') / 1024) };
}

/** CPU time (user + system) a process has used so far, in ms (Linux clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The production build started as its own process on a SQLite file, ready for requests. */
export interface ProductionServer {
  base: string;
  pid: number;
  /** Logs in; returns headers for authenticated JSON requests (bearer token and CSRF pair). */
  login(email: string, password: string): Promise<Record<string, string>>;
  /** Sends SIGTERM; resolves once the process has exited. */
  stop(): Promise<void>;
}

/**
 * Builds the server and starts it as production does (`npm run serve`) on the SQLite file, or on
 * the database `env.DATABASE_URL` names; `env` adds to or overrides its environment. Its log goes to
 * `logFile` when given (LOG_LEVEL in `env`), else nowhere.
 */
export async function startProductionServer(
  file: string,
  env: Record<string, string> = {},
  logFile?: string,
  /** Node options put before the script's (e.g. --cpu-prof): NODE_OPTIONS admits no profiler flags. */
  nodeArgs: string[] = [],
): Promise<ProductionServer> {
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-b', 'packages/server'], { cwd: ROOT });
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...serveArgs()], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.dirname(file),
      DATABASE_URL: `sqlite:${file}`,
      JWT_SECRET: 'm'.repeat(32),
      LOG_LEVEL: 'silent',
      RATES_REFRESH_MINUTES: '0',
      ...env,
    },
    // Its log (JSON lines on stdout) into `logFile` when given; error output on our console.
    stdio: logFile === undefined ? 'ignore' : ['ignore', openSync(logFile, 'w'), 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 300) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const csrf = 'm'.repeat(43);
  const csrfHeaders = { 'x-xsrf-token': csrf, cookie: `${CSRF_COOKIE}=${csrf}` };
  return {
    base,
    pid: child.pid ?? 0,
    stop,
    async login(email, password) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { ...csrfHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { token } = (await res.json()) as { token: string };
      return { ...csrfHeaders, authorization: `Bearer ${token}` };
    },
  };
}

/**
 * The server's own memory under the heavy user, apart from the benchmark's seed data: builds the
 * server, starts it as production does (`npm run serve`) on the seeded SQLite
 * file, drives every screen's calls over the whole history through real HTTP (reports over ten
 * years, the lists unfiltered, every category's list and summary, the converted sum), three
 * times over, and reads its resident memory after start and at its peak from /proc.
 */
export async function serverMemory(file: string, email: string, password: string): Promise<string> {
  const server = await startProductionServer(file);
  try {
    const { base, pid } = server;
    const started = residentMiB(pid).now;
    const headers = { ...(await server.login(email, password)), 'content-type': 'application/json' };
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const end = new Date(Date.UTC(2026, 9, 31)).toISOString();
    const interval = { start: new Date(Date.UTC(2016, 9, 31)).toISOString(), end };
    const all = { start: '1900-01-01T00:00:00Z', end: '2199-12-31T23:59:59Z' };
    for (let round = 0; round < 3; round++) {
      await call('POST', '/api/analytics/balances', JSON.stringify(end));
      await call('POST', '/api/analytics/holdings', JSON.stringify(end));
      await call('POST', '/api/analytics/cashflow', interval);
      await call('POST', '/api/analytics/oneperiod', { interval, direction: false });
      await call('POST', '/api/analytics/multiperiod', { interval, direction: false });
      await call('POST', '/api/analytics/balance-history', interval);
      await call('POST', '/api/transaction/getconvertedsum', { directions: [false] });
      await call('POST', '/api/transaction/getfiltered', {});
      await call('POST', '/api/conversion/getbetween', all);
      await call('POST', '/api/fixpoint/getbetween', all);
      const categories = (await call('GET', '/api/category/getall')) as { id: number; type: string }[];
      for (const c of categories) {
        await call('GET', `/api/transaction/getallincat/${c.id}`);
        if (c.type === 'loan' || c.type === 'business') await call('GET', `/api/${c.type}/${c.id}`);
      }
    }
    const { peak } = residentMiB(pid);
    return `server alone (production build in its own process, every screen over all history, real HTTP): RSS ${started} MiB after start, peak ${peak} MiB`;
  } finally {
    await server.stop();
  }
}
