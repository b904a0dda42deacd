import { createHash } from 'node:crypto';
import type { ApiToken, CreatedApiToken, SecurityLogPage, SignedInSession } from '@kassa/contract';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { ApiContext } from '../../test/harness.js';
import { describeEachDatabase } from '../../test/harness.js';
import { okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { READ_ONLY_POSTS, WRITING_GETS } from './scope.js';

const PASSWORD = 'Correct-horse-1';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A request with an API token and nothing else: no CSRF cookie or header, as a script sends it. */
function withToken(ctx: ApiContext, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'user-agent': 'curl/8.5.0' },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const sidOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { sid?: number }).sid;

async function signedIn(ctx: ApiContext, email: string, userAgent = CHROME) {
  const client = ctx.client();
  const res = await client.post(
    '/api/auth/login',
    { email, password: PASSWORD },
    { headers: { 'user-agent': userAgent } },
  );
  client.token = okJson<{ token: string }>(res).token;
  return client;
}

async function kindsOf(ctx: ApiContext, userId: number): Promise<string[]> {
  const rows = await ctx.database.db
    .selectFrom('security_events')
    .select('kind')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

describeEachDatabase('API tokens', (ctx) => {
  it('creates a token shown once, lists it without the token, keeps only its hash, and revokes it', async () => {
    const user = await ctx.createUser({ email: 'tokens@example.com', password: PASSWORD });
    const client = await signedIn(ctx, 'tokens@example.com');
    const res = await client.post('/api/account/tokens', { name: '  Backup script ', scope: 'read' });
    expect(res.statusCode).toBe(201);
    const created = res.json<CreatedApiToken>();
    expect(created).toMatchObject({ name: 'Backup script', scope: 'read', expiresAt: null, lastUsedAt: null });
    expect(created.token).toMatch(/^kassa_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 10));

    const list = okJson<ApiToken[]>(await client.get('/api/account/tokens'));
    expect(list).toEqual([
      {
        id: created.id,
        name: 'Backup script',
        scope: 'read',
        prefix: created.prefix,
        createdAt: created.createdAt,
        expiresAt: null,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.token);

    const row = await ctx.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));

    // Used without CSRF (no cookie, no header): last used is recorded, to the minute.
    const info = await withToken(ctx, created.token, 'GET', '/api/account/userinfo');
    expect(info.statusCode).toBe(200);
    expect(info.json<{ email: string }>().email).toBe('tokens@example.com');
    const used = okJson<ApiToken[]>(await client.get('/api/account/tokens'))[0];
    expect(used?.lastUsedAt).not.toBeNull();
    const before = await ctx.database.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    await withToken(ctx, created.token, 'GET', '/api/pocket/getall');
    const after = await ctx.database.db
      .selectFrom('api_tokens')
      .select('last_used_at')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(after.last_used_at).toBe(before.last_used_at);

    const revoke = await client.delete(`/api/account/tokens/${created.id}`);
    expect(revoke.statusCode).toBe(204);
    expect(okJson<ApiToken[]>(await client.get('/api/account/tokens'))).toEqual([]);
    const gone = await withToken(ctx, created.token, 'GET', '/api/account/userinfo');
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ type: 'unauthorized', message: 'Invalid, expired or revoked API token' });
    expect(await kindsOf(ctx, user.id)).toEqual(['sign-in', 'api-token-created', 'api-token-revoked']);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    await ctx.createUser({ email: 'bad-input@example.com', password: PASSWORD });
    const client = await signedIn(ctx, 'bad-input@example.com');
    const before = await snapshotTables(ctx.database);
    const cases: [unknown, string][] = [
      [{ scope: 'read' }, 'name: is required'],
      [{ name: '   ', scope: 'read' }, 'name: is required'],
      [{ name: 'x'.repeat(101), scope: 'read' }, 'name: must be at most 100 characters'],
      [{ name: 'A' }, 'scope: must be read or read-write'],
      [{ name: 'A', scope: 'admin' }, 'scope: must be read or read-write'],
      [{ name: 'A', scope: 'read', expiresAt: 'tomorrow' }, 'expiresAt: must be an ISO 8601 date-time'],
      [{ name: 'A', scope: 'read', expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt: must be in the future'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/account/tokens', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message.startsWith(message), res.body).toBe(true);
    }
    expect((await client.delete('/api/account/tokens/abc')).statusCode).toBe(400);
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('answers 404 for another user’s token, and the token stays', async () => {
    await ctx.createUser({ email: 'owner@example.com', password: PASSWORD });
    await ctx.createUser({ email: 'stranger@example.com', password: PASSWORD });
    const owner = await signedIn(ctx, 'owner@example.com');
    const stranger = await signedIn(ctx, 'stranger@example.com');
    const created = okJson<CreatedApiToken>(await owner.post('/api/account/tokens', { name: 'Mine', scope: 'read' }));
    const res = await stranger.delete(`/api/account/tokens/${created.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'not_found', message: `API token ${created.id} not found` });
    expect(okJson<ApiToken[]>(await stranger.get('/api/account/tokens'))).toEqual([]);
    expect((await withToken(ctx, created.token, 'GET', '/api/account/userinfo')).statusCode).toBe(200);
  });

  it('refuses an expired token with 401', async () => {
    await ctx.createUser({ email: 'expiry@example.com', password: PASSWORD });
    const client = await signedIn(ctx, 'expiry@example.com');
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = okJson<CreatedApiToken>(
      await client.post('/api/account/tokens', { name: 'Short', scope: 'read-write', expiresAt }),
    );
    expect(Date.parse(created.expiresAt ?? '')).toBe(Date.parse(expiresAt));
    expect((await withToken(ctx, created.token, 'GET', '/api/account/userinfo')).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', created.id)
      .execute();
    expect((await withToken(ctx, created.token, 'GET', '/api/account/userinfo')).statusCode).toBe(401);
    // Tokens we never issued, and malformed ones, are 401 too.
    expect((await withToken(ctx, `kassa_${'A'.repeat(43)}`, 'GET', '/api/account/userinfo')).statusCode).toBe(401);
    expect((await withToken(ctx, 'kassa_short', 'GET', '/api/account/userinfo')).statusCode).toBe(401);
  });

  it('a read-write token writes without CSRF; a read token reads (also the read-only POSTs) and is refused writes with 403', async () => {
    await ctx.createUser({ email: 'scopes@example.com', password: PASSWORD, mainCurrency: 'EUR' });
    const client = await signedIn(ctx, 'scopes@example.com');
    const write = okJson<CreatedApiToken>(await client.post('/api/account/tokens', { name: 'W', scope: 'read-write' }));
    const read = okJson<CreatedApiToken>(await client.post('/api/account/tokens', { name: 'R', scope: 'read' }));

    const added = await withToken(ctx, write.token, 'POST', '/api/category/add', {
      name: 'Books',
      type: 'real',
      isIncome: false,
    });
    expect(added.statusCode, added.body).toBe(200);

    const refused = await withToken(ctx, read.token, 'POST', '/api/category/add', {
      name: 'Films',
      type: 'real',
      isIncome: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      type: 'forbidden',
      message: 'This API token has the read scope: POST /api/category/add changes data and needs a read-write token',
    });
    const id = added.json<{ id: number }>().id;
    expect((await withToken(ctx, read.token, 'DELETE', `/api/category/delete/${id}`)).statusCode).toBe(403);
    // GETs that write are writes.
    const latent = await withToken(ctx, read.token, 'GET', `/api/business/add-latent/${id}`);
    expect(latent.statusCode).toBe(403);
    expect(latent.json<{ message: string }>().message).toContain('read scope');

    expect((await withToken(ctx, read.token, 'GET', '/api/category/getall')).statusCode).toBe(200);
    expect((await withToken(ctx, read.token, 'GET', '/api/backup/get')).statusCode).toBe(200);
    expect((await withToken(ctx, read.token, 'GET', '/api/export/csv')).statusCode).toBe(200);
    const filtered = await withToken(ctx, read.token, 'POST', '/api/transaction/getfiltered', {});
    expect(filtered.statusCode, filtered.body).toBe(200);
    const interval = { start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z' };
    expect((await withToken(ctx, read.token, 'POST', '/api/analytics/cashflow', interval)).statusCode).toBe(200);
    expect((await withToken(ctx, read.token, 'POST', '/api/conversion/getbetween', interval)).statusCode).toBe(200);
    expect((await withToken(ctx, read.token, 'POST', '/api/fixpoint/getbetween', interval)).statusCode).toBe(200);
    expect((await withToken(ctx, read.token, 'POST', '/api/transaction/getconvertedsum', {})).statusCode).toBe(200);
    // Every listed read-only POST passes the scope (a 400 for an empty body is the route's own answer).
    for (const route of READ_ONLY_POSTS) {
      const res = await withToken(ctx, read.token, 'POST', route, {});
      expect(res.statusCode, `${route}: ${res.body}`).not.toBe(403);
    }
  });

  it('still asks a session JWT for the CSRF header', async () => {
    await ctx.createUser({ email: 'csrf@example.com', password: PASSWORD });
    const client = await signedIn(ctx, 'csrf@example.com');
    const res = await withToken(ctx, client.token ?? '', 'POST', '/api/transaction/getfiltered', {});
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toContain('CSRF');
  });

  it('lists only routes that exist', () => {
    for (const url of READ_ONLY_POSTS) expect(ctx.app.hasRoute({ method: 'POST', url }), url).toBe(true);
    for (const url of WRITING_GETS) expect(ctx.app.hasRoute({ method: 'GET', url }), url).toBe(true);
  });

  it('refuses credential and sign-in routes to every API token, whatever its scope', async () => {
    await ctx.createUser({ email: 'creds@example.com', password: PASSWORD });
    const client = await signedIn(ctx, 'creds@example.com');
    const token = okJson<CreatedApiToken>(
      await client.post('/api/account/tokens', { name: 'Everything', scope: 'read-write' }),
    ).token;
    const before = await snapshotTables(ctx.database);
    const calls: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/tokens', { name: 'Another', scope: 'read-write' }],
      ['DELETE', '/api/account/tokens/1'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/1'],
      ['POST', '/api/account/sessions/end-others'],
      ['POST', '/api/account/sessions/end-all'],
      ['GET', '/api/account/security-log'],
      [
        'POST',
        '/api/account/changepass',
        { oldPassword: PASSWORD, newPassword: 'New-horse-2', newPassword2: 'New-horse-2' },
      ],
      ['GET', '/api/account/two-factor'],
      ['POST', '/api/account/two-factor/setup'],
      ['GET', '/api/account/getreferral'],
      ['GET', '/api/auth/refresh-token'],
      ['GET', '/api/auth/verify-token'],
    ];
    for (const [method, url, body] of calls) {
      const res = await withToken(ctx, token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<{ message: string }>().message).toContain('An API token cannot');
    }
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('deletes a user’s tokens, sessions and log with the user', async () => {
    const user = await ctx.createUser({ email: 'leaving@example.com', password: PASSWORD });
    const client = await signedIn(ctx, 'leaving@example.com');
    okJson(await client.post('/api/account/tokens', { name: 'T', scope: 'read' }));
    await ctx.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    for (const table of ['api_tokens', 'sessions', 'security_events'] as const) {
      const rows = await ctx.database.db.selectFrom(table).select('id').where('user_id', '=', user.id).execute();
      expect(rows, table).toEqual([]);
    }
  });
});

describeEachDatabase(
  'API token request limit',
  (ctx) => {
    it('answers 429 with Retry-After past the limit per token, other tokens unaffected', async () => {
      await ctx.createUser({ email: 'busy@example.com', password: PASSWORD });
      const client = await signedIn(ctx, 'busy@example.com');
      const first = okJson<CreatedApiToken>(await client.post('/api/account/tokens', { name: 'A', scope: 'read' }));
      const second = okJson<CreatedApiToken>(await client.post('/api/account/tokens', { name: 'B', scope: 'read' }));
      for (let i = 0; i < 3; i++)
        expect((await withToken(ctx, first.token, 'GET', '/api/account/userinfo')).statusCode).toBe(200);
      const limited = await withToken(ctx, first.token, 'GET', '/api/account/userinfo');
      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ type: string; message: string }>()).toMatchObject({ type: 'rate_limited' });
      expect(limited.json<{ message: string }>().message).toMatch(
        /^Too many requests with this API token; try again in/,
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await withToken(ctx, second.token, 'GET', '/api/account/userinfo')).statusCode).toBe(200);
      // The browser session is not limited by its tokens.
      expect((await client.get('/api/account/userinfo')).statusCode).toBe(200);
    });
  },
  { apiTokens: { maxPerMinute: 3 } },
);

describeEachDatabase('sessions', (ctx) => {
  it('lists the signed-in sessions with device and IP, marks this one, refreshes keep the session', async () => {
    await ctx.createUser({ email: 'two-devices@example.com', password: PASSWORD });
    const laptop = await signedIn(ctx, 'two-devices@example.com', CHROME);
    const phone = await signedIn(ctx, 'two-devices@example.com', FIREFOX);
    const sessions = okJson<SignedInSession[]>(await laptop.get('/api/account/sessions'));
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => [s.device, s.ip, s.current]).sort()).toEqual([
      ['Chrome on Linux', '127.0.0.1', true],
      ['Firefox on Windows', '127.0.0.1', false],
    ]);
    const laptopSid = sidOf(laptop.token ?? '');
    expect(sessions.find((s) => s.current)?.id).toBe(laptopSid);

    const refreshed = okJson<{ token: string }>(await laptop.get('/api/auth/refresh-token')).token;
    expect(sidOf(refreshed)).toBe(laptopSid);
    expect(okJson<SignedInSession[]>(await phone.get('/api/account/sessions'))).toHaveLength(2);
  });

  it('ends one session (its tokens are 401 at once), all others, or all; 404 for another user’s session', async () => {
    const user = await ctx.createUser({ email: 'ender@example.com', password: PASSWORD });
    await ctx.createUser({ email: 'nosy@example.com', password: PASSWORD });
    const a = await signedIn(ctx, 'ender@example.com');
    const b = await signedIn(ctx, 'ender@example.com', FIREFOX);
    const c = await signedIn(ctx, 'ender@example.com');
    const nosy = await signedIn(ctx, 'nosy@example.com');
    const bSid = sidOf(b.token ?? '') ?? 0;

    const foreign = await nosy.delete(`/api/account/sessions/${bSid}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ type: 'not_found', message: `Session ${bSid} not found` });
    expect((await b.get('/api/account/userinfo')).statusCode).toBe(200);

    expect((await a.delete(`/api/account/sessions/${bSid}`)).statusCode).toBe(204);
    const ended = await b.get('/api/account/userinfo');
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ type: 'unauthorized', message: 'Your session has ended; log in again' });
    expect((await b.get('/api/auth/refresh-token')).statusCode).toBe(401);
    expect((await a.delete(`/api/account/sessions/${bSid}`)).statusCode).toBe(404);

    expect(okJson(await a.post('/api/account/sessions/end-others'))).toEqual({ ended: 1 });
    expect((await c.get('/api/account/userinfo')).statusCode).toBe(401);
    expect(okJson<SignedInSession[]>(await a.get('/api/account/sessions')).map((s) => s.current)).toEqual([true]);

    const d = await signedIn(ctx, 'ender@example.com');
    expect(okJson(await a.post('/api/account/sessions/end-all'))).toEqual({ ended: 2 });
    expect((await a.get('/api/account/userinfo')).statusCode).toBe(401);
    expect((await d.get('/api/account/userinfo')).statusCode).toBe(401);
    expect((await nosy.get('/api/account/userinfo')).statusCode).toBe(200);
    expect((await kindsOf(ctx, user.id)).filter((k) => k === 'session-ended')).toHaveLength(3);
  });

  it('a password change ends every session', async () => {
    const user = await ctx.createUser({ email: 'new-pass@example.com', password: PASSWORD });
    const a = await signedIn(ctx, 'new-pass@example.com');
    const b = await signedIn(ctx, 'new-pass@example.com');
    const res = await a.post('/api/account/changepass', {
      oldPassword: PASSWORD,
      newPassword: 'New-horse-22',
      newPassword2: 'New-horse-22',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await b.get('/api/account/userinfo')).statusCode).toBe(401);
    const rows = await ctx.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
    expect(await kindsOf(ctx, user.id)).toEqual(['sign-in', 'sign-in', 'password-changed']);
  });

  it('sign-up starts a session, and the registration steps keep it', async () => {
    const client = ctx.client();
    const res = await client.post(
      '/api/account/signup',
      { email: 'fresh@example.com', password: PASSWORD, password2: PASSWORD, recaptcha: 'x' },
      { headers: { 'user-agent': CHROME } },
    );
    client.token = okJson<{ token: string }>(res).token;
    const sid = sidOf(client.token);
    expect(sid).toBeTypeOf('number');
    const refreshed = okJson<{ token: string }>(await client.get('/api/auth/refresh-token')).token;
    expect(sidOf(refreshed)).toBe(sid);
    const row = await ctx.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sid ?? 0)
      .executeTakeFirst();
    expect(row?.device).toBe('Chrome on Linux');
  });
});

describeEachDatabase('security log', (ctx) => {
  it('logs sign-ins, failed sign-ins of known users only, and every two-factor change', async () => {
    const user = await ctx.createUser({ email: 'watched@example.com', password: PASSWORD });
    const before = await ctx.database.db.selectFrom('security_events').select('id').execute();
    const anonymous = ctx.client();
    expect(
      (await anonymous.post('/api/auth/login', { email: 'nobody@example.com', password: PASSWORD })).statusCode,
    ).toBe(401);
    expect(await ctx.database.db.selectFrom('security_events').select('id').execute()).toEqual(before);

    const wrong = await anonymous.post(
      '/api/auth/login',
      { email: 'watched@example.com', password: 'wrong-password' },
      { headers: { 'user-agent': FIREFOX } },
    );
    expect(wrong.statusCode).toBe(401);
    const client = await signedIn(ctx, 'watched@example.com');

    const setup = okJson<{ secret: string }>(await client.post('/api/account/two-factor/setup'));
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    const { recoveryCodes } = okJson<{ recoveryCodes: string[] }>(
      await client.post('/api/account/two-factor/confirm', { code: totp.generate() }),
    );
    const { ticket } = okJson<{ ticket: string }>(
      await anonymous.post('/api/auth/login', { email: 'watched@example.com', password: PASSWORD }),
    );
    const badCode = totp.generate({ timestamp: Date.now() - 10 * 60_000 });
    expect((await anonymous.post('/api/auth/login-code', { ticket, code: badCode })).statusCode).toBe(400);
    okJson(await anonymous.post('/api/auth/login-code', { ticket, code: recoveryCodes[0] }));
    const renewed = okJson<{ recoveryCodes: string[] }>(
      await client.post('/api/account/two-factor/recovery-codes', { password: PASSWORD, code: recoveryCodes[1] }),
    );
    expect(
      (await client.post('/api/account/two-factor/disable', { password: PASSWORD, code: renewed.recoveryCodes[0] }))
        .statusCode,
    ).toBe(204);

    expect(await kindsOf(ctx, user.id)).toEqual([
      'sign-in-failed',
      'sign-in',
      'two-factor-enabled',
      'sign-in-failed',
      'recovery-code-used',
      'sign-in',
      'recovery-code-used',
      'recovery-codes-renewed',
      'recovery-code-used',
      'two-factor-disabled',
    ]);

    const page = okJson<SecurityLogPage>(await client.get('/api/account/security-log'));
    expect(page.nextBefore).toBeNull();
    expect(page.events.map((e) => e.kind)[0]).toBe('two-factor-disabled');
    const failures = page.events.filter((e) => e.kind === 'sign-in-failed');
    expect(failures.map((e) => e.detail)).toEqual(['wrong two-factor code', 'wrong password']);
    expect(failures[1]).toMatchObject({ ip: '127.0.0.1', device: 'Firefox on Windows' });
    const signIn = page.events.find((e) => e.kind === 'sign-in');
    expect(signIn).toMatchObject({ ip: '127.0.0.1', detail: 'password and two-factor code' });
  });

  it('pages newest first and keeps a year and 1000 entries per user', async () => {
    const user = await ctx.createUser({ email: 'busy-log@example.com', password: PASSWORD });
    const other = await ctx.createUser({ email: 'quiet-log@example.com', password: PASSWORD });
    const now = Date.now();
    const old = { user_id: user.id, kind: 'sign-in', ip: null, device: null, detail: null };
    await ctx.database.db
      .insertInto('security_events')
      .values([{ ...old, at: now - 400 * 86_400_000, detail: 'too old' }])
      .execute();
    await ctx.database.db
      .insertInto('security_events')
      .values(Array.from({ length: 1000 }, (_, i) => ({ ...old, at: now - 1000 + i })))
      .execute();
    await ctx.database.db
      .insertInto('security_events')
      .values({ ...old, user_id: other.id, at: now - 400 * 86_400_000 })
      .execute();
    const client = await signedIn(ctx, 'busy-log@example.com');
    const count = await ctx.database.db
      .selectFrom('security_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1000);
    // Another user's log is theirs: pruned only when they are logged.
    const others = await ctx.database.db
      .selectFrom('security_events')
      .select('id')
      .where('user_id', '=', other.id)
      .execute();
    expect(others).toHaveLength(1);

    const first = okJson<SecurityLogPage>(await client.get('/api/account/security-log'));
    expect(first.events).toHaveLength(50);
    expect(first.events[0]?.kind).toBe('sign-in');
    expect(first.events[0]?.ip).toBe('127.0.0.1');
    const second = okJson<SecurityLogPage>(await client.get(`/api/account/security-log?before=${first.nextBefore}`));
    expect(second.events[0]?.id).toBeLessThan(first.events.at(-1)?.id ?? 0);
    expect((await client.get('/api/account/security-log?before=x')).statusCode).toBe(400);
  });
});

describe('device names', () => {
  it('are derived from the User-Agent', async () => {
    const { deviceOf } = await import('./device.js');
    expect(deviceOf(CHROME)).toBe('Chrome on Linux');
    expect(deviceOf(FIREFOX)).toBe('Firefox on Windows');
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceOf('curl/8.5.0')).toBe('curl');
    expect(deviceOf(undefined)).toBe('Unknown device');
    expect(deviceOf('MyScript/1.0')).toBe('MyScript');
  });
});
