import { createHash, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';

// A local Enable Banking, built from its API reference (OpenAPI "API reference" 1.0.0 and the
// JWT section of its security scheme): GET /aspsps, POST /auth, POST /sessions, GET and DELETE
// /sessions/{id}, GET /accounts/{uid}/balances and /transactions (pages joined by
// continuation_key). Every request's JWT is verified as the real API does: RS256 against the
// application's public key, kid = the application id, iss enablebanking.com, aud
// api.enablebanking.com, not expired, not issued in the future, at most 24 h of life; else 401.
// Errors are ErrorResponse bodies ({message, code, error, detail}). Tests set the bank's data and
// the trouble to serve (rate limits, ended sessions, broken answers, endless pages) on the
// instance, and read `requests` to see what the client asked for.

/** A fresh RSA key pair for an application, PEM (PKCS#8 private, SPKI public). */
export function generateAppKeys(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** AmountType. */
export interface EbAmount {
  currency: string;
  amount: string;
}

/** Transaction, as the API lists it. */
export interface EbTransaction {
  entry_reference?: string;
  transaction_id?: string;
  transaction_amount: EbAmount;
  credit_debit_indicator: 'CRDT' | 'DBIT';
  status: 'BOOK' | 'PDNG' | 'HOLD' | 'CNCL' | 'RJCT' | 'SCHD' | 'OTHR';
  booking_date?: string;
  value_date?: string;
  transaction_date?: string;
  creditor?: { name?: string };
  debtor?: { name?: string };
  remittance_information?: string[];
}

/** BalanceResource. */
export interface EbBalance {
  name: string;
  balance_amount: EbAmount;
  balance_type: string;
  reference_date?: string;
  last_change_date_time?: string;
}

/** An account at the bank. Each session gives it a new uid, as the real API does. */
export interface FakeAccount {
  /** The test's name for it (not sent). */
  id: string;
  currency: string;
  iban?: string;
  /** An id other than an IBAN (sent as account_id.other, scheme BBAN). */
  other?: string;
  /** AccountResource.name: the holder's name. */
  holder?: string;
  details?: string;
  product?: string;
  balances: EbBalance[];
  transactions: EbTransaction[];
  /** 'loop' answers every page with the same continuation key; 'endless' with a new one forever. */
  paging?: 'normal' | 'loop' | 'endless';
}

export interface FakeBank {
  name: string;
  country: string;
  /** Seconds, as the API gives it. */
  maximumConsentValidity: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Whether the JWT was accepted. */
  signed: boolean;
  /** The accepted JWT's iat: which token the client sent. */
  issuedAt?: number;
  status: number;
}

interface CannedAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

interface Authorization {
  id: string;
  state: string;
  redirectUrl: string;
  bank: { name: string; country: string };
  validUntil: string;
  code?: string;
}

interface Session {
  id: string;
  validUntil: string;
  bank: { name: string; country: string };
  /** uid → account id. */
  accounts: Map<string, string>;
  status: 'AUTHORIZED' | 'CLOSED' | 'REVOKED';
  created: string;
}

interface Page {
  sessionId: string;
  uid: string;
  offset: number;
}

/** An ErrorResponse to answer with. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export class EnableBankingServer {
  readonly requests: RecordedRequest[] = [];
  banks: FakeBank[] = [];
  accounts: FakeAccount[] = [];
  /** Rows per page of transactions. */
  pageSize = 2;
  /** The server's clock (ms): moved by tests to end sessions and tokens. */
  now: () => number = Date.now;
  /** The status that comes with EXPIRED_SESSION, REVOKED_SESSION and CLOSED_SESSION (the reference does not say which). */
  sessionEndedStatus = 401;
  private readonly publicKey: KeyObject;
  private readonly authorizations = new Map<string, Authorization>();
  private readonly codes = new Map<string, string>();
  private readonly sessions = new Map<string, Session>();
  private readonly pages = new Map<string, Page>();
  private readonly canned: { match: RegExp; answer: CannedAnswer; left: number }[] = [];
  private rateLimited: { left: number; retryAfter: string | undefined } = { left: 0, retryAfter: undefined };
  private server: Server | undefined;
  private port = 0;

  constructor(
    private readonly appId: string,
    publicKeyPem: string,
  ) {
    this.publicKey = createPublicKey(publicKeyPem);
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The base URL to give the client (http://127.0.0.1:PORT). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  account(id: string): FakeAccount {
    const found = this.accounts.find((a) => a.id === id);
    if (found === undefined) throw new Error(`no fake account ${id}`);
    return found;
  }

  /** The user approves at the bank: the URL the bank sends them back to, with code and state. */
  authorize(authorizationId: string): string {
    const auth = this.authorizations.get(authorizationId);
    if (auth === undefined) throw new Error(`no authorization ${authorizationId}`);
    const code = randomUUID();
    auth.code = code;
    this.codes.set(code, auth.id);
    const url = new URL(auth.redirectUrl);
    url.searchParams.set('code', code);
    url.searchParams.set('state', auth.state);
    return url.toString();
  }

  /** The user declines at the bank: the redirect with error, as OAuth 2.0 words it. */
  deny(authorizationId: string): string {
    const auth = this.authorizations.get(authorizationId);
    if (auth === undefined) throw new Error(`no authorization ${authorizationId}`);
    const url = new URL(auth.redirectUrl);
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_description', 'The user declined the consent');
    url.searchParams.set('state', auth.state);
    return url.toString();
  }

  /** The sessions the bank holds, in the order they were made. */
  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** The uid a session gave an account. */
  uidOf(sessionId: string, accountId: string): string {
    const entry = [...(this.sessions.get(sessionId)?.accounts ?? [])].find(([, id]) => id === accountId);
    if (entry === undefined) throw new Error(`account ${accountId} is not in session ${sessionId}`);
    return entry[0];
  }

  /** The consent's end moved to the past (as time passing would). */
  expire(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (session === undefined) throw new Error(`no session ${sessionId}`);
    session.validUntil = new Date(this.now() - 1000).toISOString();
  }

  /** The user withdraws the consent at the bank. */
  revoke(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (session === undefined) throw new Error(`no session ${sessionId}`);
    session.status = 'REVOKED';
  }

  /** The next `times` account-data requests answer 429 ASPSP_RATE_LIMIT_EXCEEDED (with Retry-After when given). */
  rateLimit(times: number, retryAfter?: string): void {
    this.rateLimited = { left: times, retryAfter };
  }

  /** The next `times` signed requests whose path matches answer this instead. */
  serveNext(
    match: RegExp,
    answer: { status?: number; body: string; headers?: Record<string, string> },
    times = 1,
  ): void {
    this.canned.push({
      match,
      answer: { status: answer.status ?? 200, body: answer.body, headers: answer.headers ?? {} },
      left: times,
    });
  }

  /**
   * A pending row is booked: status BOOK, booking_date set, an entry_reference given; its
   * transaction_id kept (a provider link) or dropped, as banks do either.
   */
  bookPending(
    accountId: string,
    transactionId: string,
    booked: { bookingDate: string; entryReference: string; keepTransactionId: boolean },
  ): void {
    const row = this.account(accountId).transactions.find((t) => t.transaction_id === transactionId);
    if (row === undefined) throw new Error(`no transaction ${transactionId}`);
    row.status = 'BOOK';
    row.booking_date = booked.bookingDate;
    row.entry_reference = booked.entryReference;
    if (!booked.keepTransactionId) delete row.transaction_id;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      signed: false,
      status: 0,
    };
    this.requests.push(record);
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    };
    try {
      const text = await readBody(req);
      if (method === 'GET' && url.pathname.startsWith('/consent/')) {
        // The page the user is sent to: approving at once, as a bank's consent would.
        record.status = 302;
        res.writeHead(302, { location: this.authorize(url.pathname.slice('/consent/'.length)) });
        res.end();
        return;
      }
      const verified = await this.verify(req.headers.authorization);
      if ('error' in verified) throw new Refusal(401, verified.error, verified.message);
      record.signed = true;
      record.issuedAt = verified.issuedAt;
      const canned = this.canned.find((c) => c.left > 0 && c.match.test(url.pathname));
      if (canned !== undefined) {
        canned.left -= 1;
        send(canned.answer.status, canned.answer.body, canned.answer.headers);
        return;
      }
      if (url.pathname.startsWith('/accounts/') && this.rateLimited.left > 0) {
        this.rateLimited.left -= 1;
        const retry = this.rateLimited.retryAfter;
        const headers: Record<string, string> = retry === undefined ? {} : { 'retry-after': retry };
        throw new Refusal(429, 'ASPSP_RATE_LIMIT_EXCEEDED', 'ASPSP Rate limit exceeded', headers);
      }
      send(200, JSON.stringify(this.route(method, url, text)));
    } catch (err) {
      // A mistake in a test's set-up shows as a 500 rather than ending the test process.
      if (!(err instanceof Refusal)) send(500, JSON.stringify({ message: String(err), code: 500 }));
      else send(err.status, JSON.stringify({ message: err.message, code: err.status, error: err.error }), err.headers);
    }
  }

  private async verify(
    authorization: string | undefined,
  ): Promise<{ error: string; message: string } | { issuedAt: number }> {
    if (authorization?.startsWith('Bearer ') !== true)
      return { error: 'AUTHORIZATION_NOT_PROVIDED', message: 'Authorization header is not provided' };
    const nowSeconds = Math.floor(this.now() / 1000);
    try {
      const { payload, protectedHeader } = await jwtVerify(authorization.slice('Bearer '.length), this.publicKey, {
        algorithms: ['RS256'],
        typ: 'JWT',
        issuer: 'enablebanking.com',
        audience: 'api.enablebanking.com',
        requiredClaims: ['iat', 'exp'],
        currentDate: new Date(this.now()),
      });
      const { iat = 0, exp = 0 } = payload;
      if (protectedHeader.kid !== this.appId) return { error: 'UNAUTHORIZED_ACCESS', message: 'Unknown application' };
      if (exp - iat > 86_400) return { error: 'UNAUTHORIZED_ACCESS', message: 'JWT lifetime exceeds 24 hours' };
      if (iat > nowSeconds + 60) return { error: 'UNAUTHORIZED_ACCESS', message: 'JWT issued in the future' };
      return { issuedAt: iat };
    } catch (err) {
      return { error: 'UNAUTHORIZED_ACCESS', message: `Unauthorized access: ${(err as Error).message}` };
    }
  }

  private route(method: string, url: URL, body: string): unknown {
    const path = url.pathname;
    if (method === 'GET' && path === '/aspsps') return this.aspsps(url.searchParams.get('country'));
    if (method === 'POST' && path === '/auth') return this.startAuth(json(body));
    if (method === 'POST' && path === '/sessions') return this.createSession(json(body));
    const session = /^\/sessions\/([^/]+)$/.exec(path);
    if (session !== null && method === 'GET') return this.sessionData(this.liveSession(session[1] ?? ''));
    if (session !== null && method === 'DELETE') {
      this.liveSession(session[1] ?? '').status = 'CLOSED';
      return { message: 'OK' };
    }
    const data = /^\/accounts\/([^/]+)\/(balances|transactions)$/.exec(path);
    if (data !== null && method === 'GET') {
      const uid = data[1] ?? '';
      const found = [...this.sessions.values()].find((s) => s.accounts.has(uid));
      if (found === undefined)
        throw new Refusal(404, 'ACCOUNT_DOES_NOT_EXIST', 'No account found matching provided id');
      this.liveSession(found.id);
      const account = this.account(found.accounts.get(uid) ?? '');
      if (data[2] === 'balances') return { balances: account.balances };
      return this.transactions(found, uid, account, url.searchParams);
    }
    throw new Refusal(404, 'WRONG_REQUEST_PARAMETERS', `No route ${method} ${path}`);
  }

  private aspsps(country: string | null): unknown {
    return {
      aspsps: this.banks
        .filter((b) => country === null || b.country === country)
        .map((b) => ({
          name: b.name,
          country: b.country,
          logo: `https://enablebanking.com/brands/${b.country}/${encodeURIComponent(b.name)}/`,
          psu_types: ['personal', 'business'],
          auth_methods: [{ psu_type: 'personal', approach: 'REDIRECT', hidden_method: false }],
          maximum_consent_validity: b.maximumConsentValidity,
          beta: false,
        })),
    };
  }

  private startAuth(body: Record<string, unknown>): unknown {
    const access = body.access as { valid_until?: unknown } | undefined;
    const aspsp = body.aspsp as { name?: unknown; country?: unknown } | undefined;
    const { state, redirect_url: redirectUrl, psu_type: psuType } = body;
    const validUntil = typeof access?.valid_until === 'string' ? Date.parse(access.valid_until) : NaN;
    if (typeof state !== 'string' || typeof redirectUrl !== 'string' || Number.isNaN(validUntil))
      throw new Refusal(422, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters provided');
    if (psuType !== undefined && psuType !== 'personal' && psuType !== 'business')
      throw new Refusal(422, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters provided');
    const bank = this.banks.find((b) => b.name === aspsp?.name && b.country === aspsp.country);
    if (bank === undefined) throw new Refusal(400, 'WRONG_ASPSP_PROVIDED', 'Wrong ASPSP name provided');
    if (validUntil <= this.now() || validUntil > this.now() + bank.maximumConsentValidity * 1000)
      throw new Refusal(
        422,
        'WRONG_REQUEST_PARAMETERS',
        'valid_until is in the past or beyond maximum_consent_validity',
      );
    const id = randomUUID();
    this.authorizations.set(id, {
      id,
      state,
      redirectUrl,
      bank: { name: bank.name, country: bank.country },
      validUntil: new Date(validUntil).toISOString(),
    });
    return { url: `${this.url}/consent/${id}`, authorization_id: id, psu_id_hash: hash(id) };
  }

  private createSession(body: Record<string, unknown>): unknown {
    const authId = typeof body.code === 'string' ? this.codes.get(body.code) : undefined;
    const auth = authId === undefined ? undefined : this.authorizations.get(authId);
    if (auth === undefined || typeof body.code !== 'string')
      throw new Refusal(400, 'WRONG_AUTHORIZATION_CODE', 'Wrong authorization code provided');
    this.codes.delete(body.code);
    const session: Session = {
      id: randomUUID(),
      validUntil: auth.validUntil,
      bank: auth.bank,
      accounts: new Map(this.accounts.map((a) => [randomUUID(), a.id])),
      status: 'AUTHORIZED',
      created: new Date(this.now()).toISOString(),
    };
    this.sessions.set(session.id, session);
    return {
      session_id: session.id,
      accounts: [...session.accounts].map(([uid, id]) => accountResource(uid, this.account(id))),
      aspsp: session.bank,
      psu_type: 'personal',
      access: { valid_until: session.validUntil },
    };
  }

  private sessionData(session: Session): unknown {
    return {
      status: session.status,
      accounts: [...session.accounts.keys()],
      accounts_data: [...session.accounts].map(([uid, id]) => ({
        uid,
        identification_hash: hash(id),
        identification_hashes: [hash(id)],
      })),
      aspsp: session.bank,
      psu_type: 'personal',
      psu_id_hash: hash(session.id),
      access: { valid_until: session.validUntil },
      created: session.created,
    };
  }

  /** The session if it may still be used; the ErrorCode the API gives otherwise. */
  private liveSession(id: string): Session {
    const session = this.sessions.get(id);
    if (session === undefined)
      throw new Refusal(404, 'SESSION_DOES_NOT_EXIST', 'No session found matching provided id');
    const ended = this.sessionEndedStatus;
    if (session.status === 'CLOSED') throw new Refusal(ended, 'CLOSED_SESSION', 'Session is closed');
    if (session.status === 'REVOKED') throw new Refusal(ended, 'REVOKED_SESSION', 'Session is revoked');
    if (Date.parse(session.validUntil) <= this.now()) throw new Refusal(ended, 'EXPIRED_SESSION', 'Session is expired');
    return session;
  }

  private transactions(session: Session, uid: string, account: FakeAccount, query: URLSearchParams): unknown {
    const from = query.get('date_from');
    const to = query.get('date_to');
    if ((from !== null && !DAY.test(from)) || (to !== null && !DAY.test(to)))
      throw new Refusal(422, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters provided');
    if (to !== null && from === null)
      throw new Refusal(422, 'DATE_TO_WITHOUT_DATE_FROM', 'date_from must be provided if date_to provided');
    if (from !== null && to !== null && from > to)
      throw new Refusal(422, 'WRONG_DATE_INTERVAL', 'date_from should be less than or equal date_to');
    let offset = 0;
    const key = query.get('continuation_key');
    if (key !== null) {
      const page = this.pages.get(key);
      if (page?.sessionId !== session.id || page.uid !== uid)
        throw new Refusal(422, 'WRONG_CONTINUATION_KEY', 'Wrong continuation key provided');
      offset = page.offset;
    }
    const paging = account.paging ?? 'normal';
    if (paging !== 'normal') {
      const next = paging === 'loop' ? `loop-${uid}` : randomUUID();
      this.pages.set(next, { sessionId: session.id, uid, offset: 0 });
      return { transactions: [], continuation_key: next };
    }
    const inWindow = account.transactions.filter((t) => {
      const day = t.booking_date ?? t.transaction_date ?? t.value_date ?? '';
      return (from === null || day >= from) && (to === null || day <= to);
    });
    const rows = inWindow.slice(offset, offset + this.pageSize);
    if (offset + this.pageSize >= inWindow.length) return { transactions: rows, continuation_key: null };
    const next = randomUUID();
    this.pages.set(next, { sessionId: session.id, uid, offset: offset + this.pageSize });
    return { transactions: rows, continuation_key: next };
  }
}

function accountResource(uid: string, account: FakeAccount): unknown {
  return {
    account_id:
      account.iban !== undefined
        ? { iban: account.iban }
        : account.other !== undefined
          ? { other: { identification: account.other, scheme_name: 'BBAN' } }
          : undefined,
    name: account.holder,
    details: account.details,
    product: account.product,
    cash_account_type: 'CACC',
    currency: account.currency,
    uid,
    identification_hash: hash(account.id),
    identification_hashes: [hash(account.id)],
  };
}

const hash = (text: string) => createHash('sha256').update(text).digest('base64');

function json(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below like any other body that is not an object.
  }
  throw new Refusal(422, 'WRONG_REQUEST_PARAMETERS', 'The request body is not a JSON object');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
