import { CSRF_COOKIE } from '@kassa/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../../test/config.js';
import { describeEachDatabase } from '../../test/harness.js';
import { snapshotTables } from '../../test/snapshot.js';

const PASSWORD = 'Correct-horse-1';

function sign(claims: Record<string, unknown>, exp: number, secret = TEST_JWT_SECRET) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims['sub']))
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

describeEachDatabase('auth', (ctx) => {
  let userId: number;

  it('logs in with the right password, case-insensitively by e-mail, and records the login', async () => {
    const user = await ctx.createUser({ email: 'Anna@Example.com', password: PASSWORD, firstName: 'Anna' });
    userId = user.id;
    expect(user.email).toBe('anna@example.com');
    expect(user.lastLoginAt).toBeNull();

    const client = ctx.client();
    const res = await client.post('/api/auth/login', { email: '  ANNA@example.COM ', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ sub: String(userId), role: 'NORMAL', tv: 0 });
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(3600);

    const row = await ctx.database.db
      .selectFrom('users')
      .select('last_login_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).toBeTypeOf('number');
  });

  it('answers userinfo and verify-token for a valid token', async () => {
    const client = ctx.client();
    await client.login('anna@example.com', PASSWORD);
    const info = await client.get('/api/account/userinfo');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      email: 'anna@example.com',
      firstName: 'Anna',
      lastName: '',
      mainCurrency: 'EUR',
      role: 'NORMAL',
      emailVerified: true,
      referralOk: true,
      regComplete: true,
      language: null,
      numberFormat: 'space_dot',
      dateFormat: 'yyyy.mm.dd.',
    });
    const verify = await client.get('/api/auth/verify-token');
    expect(verify.statusCode).toBe(200);
    const body = verify.json<{ valid: boolean; role: string; expiresAt: string }>();
    expect(body.valid).toBe(true);
    expect(body.role).toBe('NORMAL');
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('refreshes a token into a newer valid one', async () => {
    const client = ctx.client();
    const first = await client.login('anna@example.com', PASSWORD);
    await new Promise((r) => setTimeout(r, 1100)); // iat has one-second resolution
    const res = await client.get('/api/auth/refresh-token');
    expect(res.statusCode).toBe(200);
    const second = res.json<{ token: string }>().token;
    expect(second).not.toBe(first);
    client.token = second;
    expect((await client.get('/api/account/userinfo')).statusCode).toBe(200);
  });

  it('rejects a wrong password or an unknown e-mail with 401 and writes nothing', async () => {
    const before = await snapshotTables(ctx.database);
    const client = ctx.client();
    for (const body of [
      { email: 'anna@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const res = await client.post('/api/auth/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ type: 'unauthorized', message: 'Wrong e-mail or password' });
    }
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('rejects bad login payloads with 400 naming the field, writing nothing', async () => {
    const before = await snapshotTables(ctx.database);
    const client = ctx.client();
    const cases: [unknown, string][] = [
      [{ password: PASSWORD }, 'email: is required'],
      [{ email: 'anna@example.com' }, 'password: is required'],
      [{ email: 'not-an-email', password: PASSWORD }, 'email: is not a valid e-mail address'],
      [{ email: 'anna@example.com', password: 12345678 }, 'password: '],
      [[], 'body: '],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/auth/login', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const err = res.json<{ type: string; message: string }>();
      expect(err.type).toBe('validation');
      expect(err.message.startsWith(message), err.message).toBe(true);
    }
    const malformed = await client.post('/api/auth/login', '{"email": "anna@example.com",', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ type: 'validation', message: 'body: is not valid JSON' });
    const missing = await client.post('/api/auth/login');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('body: is required');
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('refuses a POST without a matching CSRF header with 403, writing nothing', async () => {
    const before = await snapshotTables(ctx.database);
    const noHeader = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'anna@example.com', password: PASSWORD },
      cookies: { [CSRF_COOKIE]: 'a'.repeat(43) },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json<{ type: string }>().type).toBe('forbidden');
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'anna@example.com', password: PASSWORD },
      cookies: { [CSRF_COOKIE]: 'a'.repeat(43) },
      headers: { 'x-xsrf-token': 'b'.repeat(43) },
    });
    expect(mismatch.statusCode).toBe(403);
    const noCookie = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'anna@example.com', password: PASSWORD },
      headers: { 'x-xsrf-token': 'a'.repeat(43) },
    });
    expect(noCookie.statusCode).toBe(403);
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('sets the XSRF-TOKEN cookie readable by scripts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.path).toBe('/');
  });

  describe('rejects every token that is not genuine and current with 401', () => {
    const expectUnauthorized = async (authorization: string | undefined) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/account/userinfo',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json<{ type: string }>().type).toBe('unauthorized');
      const verify = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/verify-token',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(verify.statusCode).toBe(401);
    };
    const now = () => Math.floor(Date.now() / 1000);

    it('missing or malformed', async () => {
      await expectUnauthorized(undefined);
      await expectUnauthorized('Bearer');
      await expectUnauthorized('Bearer not.a.jwt');
      await expectUnauthorized('Basic dXNlcjpwYXNz');
    });

    it('tampered: payload changed after signing', async () => {
      const token = await sign({ sub: String(userId), role: 'NORMAL', tv: 0 }, now() + 600);
      const [header, , signature] = token.split('.');
      const forged = Buffer.from(
        JSON.stringify({ sub: String(userId), role: 'ADMIN', tv: 0, exp: now() + 600 }),
      ).toString('base64url');
      await expectUnauthorized(`Bearer ${header ?? ''}.${forged}.${signature ?? ''}`);
    });

    it('signed with another secret, or unsigned', async () => {
      await expectUnauthorized(
        `Bearer ${await sign({ sub: String(userId), role: 'NORMAL', tv: 0 }, now() + 600, 'x'.repeat(40))}`,
      );
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(userId), role: 'NORMAL', tv: 0, exp: now() + 600 })).toString('base64url')}.`;
      await expectUnauthorized(`Bearer ${none}`);
    });

    it('expired', async () => {
      await expectUnauthorized(`Bearer ${await sign({ sub: String(userId), role: 'NORMAL', tv: 0 }, now() - 5)}`);
    });

    it('for a user that does not exist, without a signed-in session, or from before a token-version bump', async () => {
      await expectUnauthorized(`Bearer ${await sign({ sub: '999999', role: 'NORMAL', tv: 0 }, now() + 600)}`);
      // Every session token names its signed-in session (sid); one without is no session's.
      await expectUnauthorized(`Bearer ${await sign({ sub: String(userId), role: 'NORMAL', tv: 0 }, now() + 600)}`);
      const real = await ctx.client().login('anna@example.com', PASSWORD);
      const { sid } = JSON.parse(Buffer.from(real.split('.')[1] ?? '', 'base64url').toString()) as { sid: number };
      const valid = await sign({ sub: String(userId), role: 'NORMAL', tv: 0, sid }, now() + 600);
      const ok = await ctx.app.inject({
        method: 'GET',
        url: '/api/account/userinfo',
        headers: { authorization: `Bearer ${valid}` },
      });
      expect(ok.statusCode).toBe(200);
      await ctx.database.db.updateTable('users').set({ token_version: 1 }).where('id', '=', userId).execute();
      await expectUnauthorized(`Bearer ${valid}`);
    });
  });
});
