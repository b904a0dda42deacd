import type {
  LoginChallenge,
  RecoveryCodesResponse,
  TokenResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@kassa/contract';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { TEST_JWT_SECRET } from '../../test/config.js';
import type { ApiContext } from '../../test/harness.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { twoFactorKeys } from './crypto.js';
import { LoginTickets } from './tickets.js';

const PASSWORD = 'right-password-1';
const STEP_MS = 30_000;

/**
 * The code an authenticator app shows `steps` time steps from now. Confirming uses the current
 * step, so the first login uses the next one (a code works once, and so does its step).
 */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * STEP_MS });

/** Another code of the same secret that is not valid now (ten minutes ago). */
const staleCode = (secret: string) => codeOf(secret, -20);

interface Enrolled {
  email: string;
  client: TestClient;
  secret: string;
  /** The code that confirmed the enrolment. */
  confirmCode: string;
  recoveryCodes: string[];
}

/** A complete user, logged in, with two-factor sign-in set up and confirmed with the current code. */
async function enrolled(ctx: ApiContext, email: string): Promise<Enrolled> {
  await ctx.createUser({ email, password: PASSWORD });
  const client = ctx.client();
  await client.login(email, PASSWORD);
  const { secret } = okJson<TwoFactorSetupResponse>(await client.post('/api/account/two-factor/setup'));
  const confirmCode = codeOf(secret);
  const { recoveryCodes } = okJson<RecoveryCodesResponse>(
    await client.post('/api/account/two-factor/confirm', { code: confirmCode }),
  );
  return { email, client, secret, confirmCode, recoveryCodes };
}

/** The password step: the ticket of the code step (fails the test when login answers a token). */
async function passwordStep(client: TestClient, email: string, ip?: string): Promise<LoginChallenge> {
  const res = await client.post(
    '/api/auth/login',
    { email, password: PASSWORD },
    ip === undefined ? {} : { remoteAddress: ip },
  );
  const body = okJson<LoginChallenge & Partial<TokenResponse>>(res);
  expect(body.token).toBeUndefined();
  expect(body.twoFactorRequired).toBe(true);
  return body;
}

const codeStep = (client: TestClient, ticket: string, code: string, ip?: string) =>
  client.post('/api/auth/login-code', { ticket, code }, ip === undefined ? {} : { remoteAddress: ip });

const status = async (client: TestClient) => okJson<TwoFactorStatus>(await client.get('/api/account/two-factor'));

describeEachDatabase('two-factor sign-in', (ctx) => {
  it('enrols: a secret with its URI and QR code, on only after a current code, answering 10 recovery codes', async () => {
    await ctx.createUser({ email: 'ena@example.com', password: PASSWORD });
    const client = ctx.client();
    await client.login('ena@example.com', PASSWORD);
    expect(await status(client)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const setup = okJson<TwoFactorSetupResponse>(await client.post('/api/account/two-factor/setup'));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(uri.searchParams.get('issuer')).toBe('Kassa');
    expect(decodeURIComponent(uri.pathname)).toContain('ena@example.com');
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    // Not in force until confirmed: login still answers a token at once.
    expect(await status(client)).toMatchObject({ enabled: false });
    expect(
      okJson<TokenResponse>(
        await ctx.client().post('/api/auth/login', { email: 'ena@example.com', password: PASSWORD }),
      ).token,
    ).toBeTruthy();

    // A wrong code (another secret's, or this one's from ten minutes ago) writes nothing.
    const before = await snapshotTables(ctx.database);
    expectError(
      await client.post('/api/account/two-factor/confirm', { code: staleCode(setup.secret) }),
      400,
      'code: is not the current code of the authenticator app',
    );
    expectError(
      await client.post('/api/account/two-factor/confirm', { code: '12ab56' }),
      400,
      'code: must be the 6-digit code of your authenticator app',
    );
    expectError(await client.post('/api/account/two-factor/confirm', {}), 400, 'code: is required');
    expect(await snapshotTables(ctx.database)).toEqual(before);

    // Spaces inside the code are fine, as apps show "123 456".
    const code = codeOf(setup.secret);
    const confirmed = okJson<RecoveryCodesResponse>(
      await client.post('/api/account/two-factor/confirm', { code: `${code.slice(0, 3)} ${code.slice(3)}` }),
    );
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    for (const c of confirmed.recoveryCodes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const on = await status(client);
    expect(on).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(Date.parse(on.enabledAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Stored encrypted and hashed: neither the secret nor a code appears in the database.
    const stored = JSON.stringify(await snapshotTables(ctx.database));
    expect(stored).not.toContain(setup.secret);
    for (const c of confirmed.recoveryCodes) expect(stored).not.toContain(c.replace('-', ''));

    // Confirmed once; a new set-up needs it off first.
    expectError(await client.post('/api/account/two-factor/confirm', { code: codeOf(setup.secret, 1) }), 409);
    expectError(await client.post('/api/account/two-factor/setup'), 409, 'already on');
  });

  it('asks for a code after the password; a code of the app completes the login as the password alone did', async () => {
    const { email, secret } = await enrolled(ctx, 'lou@example.com');
    const client = ctx.client();
    const challenge = await passwordStep(client, 'LOU@example.com');
    const expires = Date.parse(challenge.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(4 * 60_000);
    expect(expires).toBeLessThanOrEqual(5 * 60_000);
    // The ticket is no session.
    client.token = challenge.ticket;
    expectError(await client.get('/api/account/userinfo'), 401);
    client.token = undefined;

    const res = await codeStep(client, challenge.ticket, codeOf(secret, 1));
    const { token } = okJson<TokenResponse>(res);
    expect(Object.keys(res.json<object>())).toEqual(['token']);
    client.token = token;
    expect(okJson<{ email: string }>(await client.get('/api/account/userinfo')).email).toBe(email);
    const row = await ctx.database.db
      .selectFrom('users')
      .select('last_login_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a code that was used, for its whole time step', async () => {
    const { email, secret, confirmCode } = await enrolled(ctx, 'rita@example.com');
    const client = ctx.client();
    // The confirming code itself cannot log in.
    const first = await passwordStep(client, email);
    expectError(await codeStep(client, first.ticket, confirmCode), 400, 'code: is wrong or already used');

    const next = codeOf(secret, 1);
    okJson(await codeStep(client, first.ticket, next));
    const again = await passwordStep(client, email);
    expectError(await codeStep(client, again.ticket, next), 400, 'code: is wrong or already used');
    expectError(await codeStep(client, again.ticket, staleCode(secret)), 400, 'code: is wrong or already used');
  });

  it('takes a recovery code instead, once', async () => {
    const { email, client: owner, recoveryCodes } = await enrolled(ctx, 'rob@example.com');
    const client = ctx.client();
    const challenge = await passwordStep(client, email);
    const recovery = recoveryCodes[3] ?? '';
    // Typed in lower case without the dash: still the code.
    okJson<TokenResponse>(await codeStep(client, challenge.ticket, recovery.replace('-', '').toLowerCase()));
    expect(await status(owner)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    const again = await passwordStep(client, email);
    expectError(await codeStep(client, again.ticket, recovery), 400, 'code: is wrong or already used');
    okJson<TokenResponse>(await codeStep(client, again.ticket, recoveryCodes[4] ?? ''));
    expect(await status(owner)).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('refuses expired, forged and outdated tickets, and session tokens as tickets', async () => {
    const { email, client: owner, secret, recoveryCodes } = await enrolled(ctx, 'tom@example.com');
    const user = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'token_version'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const tickets = new LoginTickets(twoFactorKeys(TEST_JWT_SECRET).ticket);
    const client = ctx.client();
    const expired = 'The sign-in has expired; log in again with your password';

    // Issued six minutes ago by the server's own key: past its five minutes.
    const old = await tickets.issue({ id: user.id, tokenVersion: user.token_version }, Date.now() - 6 * 60_000);
    expectError(await codeStep(client, old.ticket, codeOf(secret, 1)), 401, expired);
    // Right claims, signed with the JWT secret itself instead of the ticket key.
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ purpose: 'login-code', tv: user.token_version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expectError(await codeStep(client, forged, codeOf(secret, 1)), 401, expired);
    // A genuine ticket with a changed byte, and the owner's session token.
    const genuine = await passwordStep(client, email);
    const [head, body, sig] = genuine.ticket.split('.');
    const tampered = `${head}.${body}.${sig?.startsWith('A') === true ? 'B' : 'A'}${sig?.slice(1)}`;
    expectError(await codeStep(client, tampered, codeOf(secret, 1)), 401, expired);
    expectError(await codeStep(client, owner.token ?? '', codeOf(secret, 1)), 401, expired);
    expectError(await client.post('/api/auth/login-code', { code: '123456' }), 400, 'ticket: is required');

    // A password change voids tickets issued before it.
    await ctx.database.db
      .updateTable('users')
      .set({ token_version: user.token_version + 1 })
      .where('id', '=', user.id)
      .execute();
    expectError(await codeStep(client, genuine.ticket, recoveryCodes[0] ?? ''), 401, expired);
    // Nothing was used up by the refusals.
    await ctx.database.db
      .updateTable('users')
      .set({ token_version: user.token_version })
      .where('id', '=', user.id)
      .execute();
    expect((await status(owner)).recoveryCodesLeft).toBe(10);
  });

  it("makes one user's ticket useless with another user's codes", async () => {
    const ann = await enrolled(ctx, 'ann@example.com');
    const ben = await enrolled(ctx, 'ben@example.com');
    const client = ctx.client();
    const annTicket = (await passwordStep(client, ann.email)).ticket;
    expectError(await codeStep(client, annTicket, codeOf(ben.secret, 1)), 400, 'code: is wrong or already used');
    expectError(await codeStep(client, annTicket, ben.recoveryCodes[0] ?? ''), 400, 'code: is wrong or already used');
    // Ben's codes were not used up by the tries on Ann's ticket.
    expect(await status(ben.client)).toMatchObject({ recoveryCodesLeft: 10 });
    okJson(await codeStep(client, (await passwordStep(client, ben.email)).ticket, ben.recoveryCodes[0] ?? ''));
    // Ann's own code still works on her ticket.
    okJson(await codeStep(client, annTicket, codeOf(ann.secret, 1)));
  });

  it('turns off with the password and a current code; then the password alone logs in', async () => {
    const { email, client, secret } = await enrolled(ctx, 'dora@example.com');
    const before = await snapshotTables(ctx.database);
    expectError(
      await client.post('/api/account/two-factor/disable', { password: 'wrong-password', code: codeOf(secret, 1) }),
      400,
      'password: is wrong',
    );
    expectError(
      await client.post('/api/account/two-factor/disable', { password: PASSWORD, code: staleCode(secret) }),
      400,
      'code: is wrong or already used',
    );
    expectError(await client.post('/api/account/two-factor/disable', { code: '123456' }), 400, 'password: is required');
    expect(await snapshotTables(ctx.database)).toEqual(before);

    const off = await client.post('/api/account/two-factor/disable', { password: PASSWORD, code: codeOf(secret, 1) });
    expect(off.statusCode, off.body).toBe(204);
    expect(await status(client)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    const userId = (
      await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
    expect(await ctx.database.db.selectFrom('two_factor').where('user_id', '=', userId).selectAll().execute()).toEqual(
      [],
    );
    expect(
      await ctx.database.db.selectFrom('two_factor_recovery_codes').where('user_id', '=', userId).selectAll().execute(),
    ).toEqual([]);
    const login = okJson<TokenResponse>(await ctx.client().post('/api/auth/login', { email, password: PASSWORD }));
    expect(login.token).toBeTruthy();
    expectError(await client.post('/api/account/two-factor/disable', { password: PASSWORD, code: '123456' }), 409);
  });

  it('turns off with a recovery code too', async () => {
    const { client, recoveryCodes } = await enrolled(ctx, 'otto@example.com');
    const off = await client.post('/api/account/two-factor/disable', { password: PASSWORD, code: recoveryCodes[9] });
    expect(off.statusCode, off.body).toBe(204);
    expect(await status(client)).toMatchObject({ enabled: false });
  });

  it('regenerates recovery codes with the password and a code; the earlier ones stop working', async () => {
    const { email, client, recoveryCodes } = await enrolled(ctx, 'gina@example.com');
    expectError(
      await client.post('/api/account/two-factor/recovery-codes', { password: 'nope-nope', code: recoveryCodes[0] }),
      400,
      'password: is wrong',
    );
    const fresh = okJson<RecoveryCodesResponse>(
      await client.post('/api/account/two-factor/recovery-codes', { password: PASSWORD, code: recoveryCodes[0] }),
    ).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    expect(await status(client)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const login = ctx.client();
    const ticket = (await passwordStep(login, email)).ticket;
    expectError(await codeStep(login, ticket, recoveryCodes[1] ?? ''), 400, 'code: is wrong or already used');
    okJson(await codeStep(login, ticket, fresh[1] ?? ''));
    expect(await status(client)).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('keeps two-factor sign-in out of backups: a restore leaves it as it is', async () => {
    const { client } = await enrolled(ctx, 'bea@example.com');
    const backup = await client.get('/api/backup/get');
    expect(backup.statusCode).toBe(200);
    expect(backup.body).not.toMatch(/two.?factor|recovery|totp/i);
    const restored = await client.post('/api/backup/restore?replace=true', backup.json<unknown>());
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await status(client)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('lets the demo user look but not set it up, and admits members only', async () => {
    await ctx.createUser({ email: 'demo-2fa@example.com', password: PASSWORD, role: 'DEMO' });
    const demo = ctx.client();
    await demo.login('demo-2fa@example.com', PASSWORD);
    expect(await status(demo)).toMatchObject({ enabled: false });
    expectError(await demo.post('/api/account/two-factor/setup'), 403);
    expect((await demo.post('/api/account/two-factor/setup')).json()).toMatchObject({ type: 'demo' });
    expectError(await ctx.client().get('/api/account/two-factor'), 401);
    expectError(await ctx.client().post('/api/account/two-factor/setup'), 401);
  });
});

describeEachDatabase(
  'two-factor sign-in limits',
  (ctx) => {
    it('counts wrong codes against the login limits, so the code step cannot be walked', async () => {
      const { email, secret } = await enrolled(ctx, 'wes@example.com');
      const client = ctx.client();
      const ip = '10.2.0.1';
      const { ticket } = await passwordStep(client, email, ip);
      for (let i = 0; i < 3; i++)
        expectError(await codeStep(client, ticket, staleCode(secret), ip), 400, 'code: is wrong or already used');
      // The pair is locked now: the right code and the right password both wait.
      const blocked = await codeStep(client, ticket, codeOf(secret, 1), ip);
      expectError(blocked, 429, 'Too many failed logins; try again in');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expectError(await client.post('/api/auth/login', { email, password: PASSWORD }, { remoteAddress: ip }), 429);
      // The owner elsewhere is not locked out by them.
      const home = await passwordStep(client, email, '192.168.7.7');
      okJson(await codeStep(client, home.ticket, codeOf(secret, 1), '192.168.7.7'));
    });

    it('limits wrong passwords and codes when turning it off', async () => {
      const { client, secret } = await enrolled(ctx, 'zoe@example.com');
      for (let i = 0; i < 3; i++)
        expectError(
          await client.post('/api/account/two-factor/disable', { password: PASSWORD, code: staleCode(secret) }),
          400,
        );
      expectError(
        await client.post('/api/account/two-factor/disable', { password: PASSWORD, code: codeOf(secret, 1) }),
        429,
        'Too many wrong passwords or codes; try again in',
      );
      expect(await status(client)).toMatchObject({ enabled: true });
    });
  },
  { loginLimits: { maxPerIp: 1000, maxFailuresPerEmailIp: 3, maxFailuresPerEmail: 1000, windowMs: 60_000 } },
);
