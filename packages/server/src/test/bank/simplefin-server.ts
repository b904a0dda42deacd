import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A SimpleFIN Bridge on 127.0.0.1, as https://www.simplefin.org/protocol.html describes one: a
// setup token is the base64 of a claim URL that works once and answers an access URL with Basic
// credentials; GET /accounts takes start-date and end-date (Unix seconds, the end exclusive) and
// pending=1, and answers an Account Set (`errors`, `accounts` with `balance-date` and rows whose
// `posted` is 0 while pending). Tests set what it serves and what goes wrong.

export interface FakeTransaction {
  id: string;
  /** Unix seconds; 0 while pending. */
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  transacted_at?: number;
  pending?: boolean;
}

export interface FakeAccount {
  id: string;
  name: string;
  currency: string;
  balance: string;
  'balance-date': number;
  org?: { name: string; domain: string };
  transactions: FakeTransaction[];
}

export interface FakeSimplefin {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** A new single-use setup token for an access URL of this bridge. */
  setupToken(): string;
  /** A setup token whose claim URL is any text (a private address, http, …). */
  setupTokenFor(claimUrl: string): string;
  accounts: FakeAccount[];
  /** The next n account reads answer 429 with this Retry-After. */
  rateLimit(n: number, retryAfter: string): void;
  /** The next account read answers this text instead of JSON. */
  malformedOnce(text: string): void;
  /** Access ends (reads answer 403), or comes back with false. */
  revoke(revoked?: boolean): void;
  /** Problems listed in the Account Set's errors. */
  errors: string[];
  /** Every request: method, path and query. */
  requests: { method: string; path: string; query: URLSearchParams }[];
  close(): Promise<void>;
}

export async function startFakeSimplefin(listenPort = 0): Promise<FakeSimplefin> {
  const claims = new Map<string, boolean>();
  const user = 'kassa';
  const password = randomBytes(12).toString('hex');
  const state = { limited: 0, retryAfter: '', malformed: undefined as string | undefined, revoked: false };
  let origin = '';
  const fake: FakeSimplefin = {
    origin: '',
    close: () => Promise.resolve(),
    setupToken: () => {
      const id = randomBytes(8).toString('hex');
      claims.set(id, false);
      return Buffer.from(`${origin}/claim/${id}`).toString('base64');
    },
    setupTokenFor: (claimUrl) => Buffer.from(claimUrl).toString('base64'),
    accounts: [],
    rateLimit: (n, retryAfter) => Object.assign(state, { limited: n, retryAfter }),
    malformedOnce: (text) => Object.assign(state, { malformed: text }),
    revoke: (revoked = true) => Object.assign(state, { revoked }),
    errors: [],
    requests: [],
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    // The browser journeys drive the bridge from another process (packages/e2e/serve.ts starts it).
    if (url.pathname.startsWith('/control/') && req.method === 'POST') return control(fake, url.pathname, req, res);
    fake.requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams });
    const claim = /^\/claim\/(\w+)$/.exec(url.pathname);
    if (claim !== null && req.method === 'POST') {
      const id = claim[1] ?? '';
      if (claims.get(id) !== false) return answer(res, 403, 'text/plain', 'Forbidden');
      claims.set(id, true);
      return answer(res, 200, 'text/plain', origin.replace('http://', `http://${user}:${password}@`) + '/simplefin');
    }
    if (url.pathname === '/simplefin/accounts' && req.method === 'GET') {
      const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      if (req.headers.authorization !== expected || state.revoked) return answer(res, 403, 'text/plain', 'Forbidden');
      if (state.limited > 0) {
        state.limited--;
        res.setHeader('retry-after', state.retryAfter);
        return answer(res, 429, 'text/plain', 'Too Many Requests');
      }
      if (state.malformed !== undefined) {
        const text = state.malformed;
        state.malformed = undefined;
        return answer(res, 200, 'application/json', text);
      }
      return answer(res, 200, 'application/json', JSON.stringify(accountSet(fake, url.searchParams)));
    }
    return answer(res, 404, 'text/plain', 'Not Found');
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  fake.origin = origin;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** POST /control/accounts (the accounts to serve, JSON) and /control/setup-token (a new token). */
function control(fake: FakeSimplefin, path: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (path === '/control/accounts') {
      fake.accounts = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeAccount[];
      return answer(res, 204, 'text/plain', '');
    }
    if (path === '/control/setup-token') return answer(res, 200, 'text/plain', fake.setupToken());
    return answer(res, 404, 'text/plain', 'Not Found');
  });
}

function answer(res: http.ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

/** The Account Set for a query: rows in [start-date, end-date), pending ones only with pending=1. */
function accountSet(fake: Pick<FakeSimplefin, 'accounts' | 'errors'>, query: URLSearchParams) {
  const start = Number(query.get('start-date') ?? 0);
  const end = Number(query.get('end-date') ?? Number.MAX_SAFE_INTEGER);
  const withPending = query.get('pending') === '1';
  // Protocol 2: repeatable `account` narrows the answer to those accounts.
  const only = query.getAll('account');
  return {
    errors: fake.errors,
    accounts: fake.accounts
      .filter((a) => only.length === 0 || only.includes(a.id))
      .map((a) => ({
        ...a,
        transactions: a.transactions.filter((t) => {
          const pending = t.pending === true || t.posted === 0;
          const at = pending ? (t.transacted_at ?? 0) : t.posted;
          return (withPending || !pending) && at >= start && at < end;
        }),
      })),
  };
}
