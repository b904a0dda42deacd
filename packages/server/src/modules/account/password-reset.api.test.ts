import { createHash } from 'node:crypto';
import type { CreatedApiToken, RecoveryCodesResponse, TwoFactorSetupResponse } from '@kassa/contract';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { testConfig } from '../../test/config.js';
import type { ApiContext } from '../../test/harness.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { SmtpListener, type ReceivedMail } from '../../test/smtp-listener.js';
import { snapshotTables } from '../../test/snapshot.js';
import { FORGOT_PASSWORD_ANSWER } from './password-reset.js';

const smtp = new SmtpListener();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const PASSWORD = 'Old-password-1';
const NEW_PASSWORD = 'New-password-2';
const LINK = /http:\/\/kassa\.test\/public\/reset-password\?token=([A-Za-z0-9_-]{43})\b/;

/** Mails to the address so far. */
const mailsTo = (address: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(address));

/** Waits for the n-th mail to the address (the mail goes out after the answer). */
async function nthMailTo(address: string, n: number): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i++) {
    const mail = mailsTo(address)[n - 1];
    if (mail !== undefined) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail number ${n} to ${address}`);
}

/** A mail's text with quoted-printable undone (soft line breaks, =3D). */
const textOf = (mail: ReceivedMail): string =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The token of a reset mail's link. */
const tokenIn = (mail: ReceivedMail): string => LINK.exec(textOf(mail))?.[1] ?? '';

/** Asks for a reset link from `ip` and answers the response. */
function forgot(ctx: ApiContext, email: string, ip = '10.0.0.1'): Promise<LightMyRequestResponse> {
  return ctx.client().post('/api/auth/forgot-password', { email }, { remoteAddress: ip });
}

/** Asks for a reset link for a known address and answers the token of the mail it brings. */
async function linkFor(ctx: ApiContext, email: string, ip?: string): Promise<string> {
  const before = mailsTo(email).length;
  okJson(await forgot(ctx, email, ip));
  return tokenIn(await nthMailTo(email, before + 1));
}

function reset(ctx: ApiContext, body: unknown, ip = '10.0.0.1'): Promise<LightMyRequestResponse> {
  return ctx.client().post('/api/auth/reset-password', body, { remoteAddress: ip });
}

const resetsOf = (ctx: ApiContext, userId: number) =>
  ctx.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).orderBy('id').execute();

const eventsOf = async (ctx: ApiContext, userId: number) =>
  (
    await ctx.database.db
      .selectFrom('security_events')
      .select('kind')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((e) => e.kind);

describeEachDatabase(
  'forgotten password',
  (ctx) => {
    it('answers the same for a known, an unknown and the demo address; only the known one gets a mail', async () => {
      const known = await ctx.createUser({ email: `known@${ctx.dialect}.example.com`, password: PASSWORD });
      const demo = await ctx.createUser({
        email: `demo-user@${ctx.dialect}.example.com`,
        password: PASSWORD,
        role: 'DEMO',
      });
      const before = await snapshotTables(ctx.database);
      const unknown = await forgot(ctx, `nobody@${ctx.dialect}.example.com`);
      const demoAnswer = await forgot(ctx, `demo-user@${ctx.dialect}.example.com`);
      // What an unknown address or the demo gets wrote nothing at all.
      expect(await snapshotTables(ctx.database)).toEqual(before);
      const answer = await forgot(ctx, ` Known@${ctx.dialect}.example.com `);
      for (const res of [unknown, demoAnswer, answer]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(answer.headers['content-type']);
        expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      }
      expect(answer.body).toBe(unknown.body);

      const mail = await nthMailTo(`known@${ctx.dialect}.example.com`, 1);
      expect(mail.raw).toContain('Subject: Reset your Kassa password');
      expect(textOf(mail)).toContain('expires in 30 minutes');
      const token = tokenIn(mail);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the token's hash is kept.
      const rows = await resetsOf(ctx, known.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0]?.expires_at).toBe((rows[0]?.created_at ?? 0) + 30 * 60_000);
      // No mail for the others, and no link for the demo.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(`nobody@${ctx.dialect}.example.com`)).toEqual([]);
      expect(mailsTo(`demo-user@${ctx.dialect}.example.com`)).toEqual([]);
      expect(await resetsOf(ctx, demo.id)).toEqual([]);
    });

    it('resets the password once: the new one logs in, the old one and the link no longer work', async () => {
      const user = await ctx.createUser({ email: `once@${ctx.dialect}.example.com`, password: PASSWORD });
      const token = await linkFor(ctx, `once@${ctx.dialect}.example.com`);
      const res = await reset(ctx, { token, password: NEW_PASSWORD, password2: NEW_PASSWORD });
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
      await ctx.client().login(`once@${ctx.dialect}.example.com`, NEW_PASSWORD);
      expectError(
        await ctx.client().post('/api/auth/login', { email: `once@${ctx.dialect}.example.com`, password: PASSWORD }),
        401,
        'Wrong e-mail or password',
      );
      expect(await eventsOf(ctx, user.id)).toContain('password-reset');
      expect((await resetsOf(ctx, user.id)).every((r) => r.used_at !== null)).toBe(true);

      // The same link again: refused, and nothing written.
      const before = await snapshotTables(ctx.database);
      expectError(
        await reset(ctx, { token, password: 'Third-password-3', password2: 'Third-password-3' }),
        400,
        'token: this link is invalid, expired or already used',
      );
      expect(await snapshotTables(ctx.database)).toEqual(before);
      await ctx.client().login(`once@${ctx.dialect}.example.com`, NEW_PASSWORD);
    });

    it('ends every earlier session, token and link of the user, and logs the reset with the client', async () => {
      const user = await ctx.createUser({ email: `sessions@${ctx.dialect}.example.com`, password: PASSWORD });
      const laptop = ctx.client();
      await laptop.login(`sessions@${ctx.dialect}.example.com`, PASSWORD);
      const phone = ctx.client();
      await phone.login(`sessions@${ctx.dialect}.example.com`, PASSWORD);
      const bystander = await ctx.createUser({ email: `bystander@${ctx.dialect}.example.com`, password: PASSWORD });
      const other = ctx.client();
      await other.login(`bystander@${ctx.dialect}.example.com`, PASSWORD);
      okJson(await laptop.get('/api/account/userinfo'));

      const first = await linkFor(ctx, `sessions@${ctx.dialect}.example.com`);
      const second = await linkFor(ctx, `sessions@${ctx.dialect}.example.com`);
      expect(second).not.toBe(first);
      const res = await ctx
        .client()
        .post(
          '/api/auth/reset-password',
          { token: second, password: NEW_PASSWORD, password2: NEW_PASSWORD },
          { remoteAddress: '10.9.8.7', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' } },
        );
      expect(res.statusCode, res.body).toBe(204);

      for (const client of [laptop, phone]) {
        expectError(await client.get('/api/account/userinfo'), 401);
        expectError(await client.get('/api/auth/refresh-token'), 401);
      }
      const sessions = await ctx.database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(sessions).toEqual([]);
      // The earlier link died with the reset.
      expectError(await reset(ctx, { token: first, password: PASSWORD, password2: PASSWORD }), 400, 'token:');
      const logged = await ctx.database.db
        .selectFrom('security_events')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('kind', '=', 'password-reset')
        .execute();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ ip: '10.9.8.7', device: 'Firefox on Linux' });
      // Another user's session is untouched.
      okJson(await other.get('/api/account/userinfo'));
      expect(await eventsOf(ctx, bystander.id)).not.toContain('password-reset');
    });

    it('refuses a wrong token, and a token resets only the user it was mailed to', async () => {
      const owner = await ctx.createUser({ email: `owner@${ctx.dialect}.example.com`, password: PASSWORD });
      await ctx.createUser({ email: `caller@${ctx.dialect}.example.com`, password: PASSWORD });
      const token = await linkFor(ctx, `owner@${ctx.dialect}.example.com`);
      const before = await snapshotTables(ctx.database);
      const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const wrong of [altered, 'not-a-token', token.toUpperCase(), ` ${token}x`])
        expectError(
          await reset(ctx, { token: wrong, password: NEW_PASSWORD, password2: NEW_PASSWORD }),
          400,
          'token: this link is invalid, expired or already used',
        );
      expect(await snapshotTables(ctx.database)).toEqual(before);

      // Sent from another user's signed-in session, the link still resets its owner's password only.
      const caller = ctx.client();
      await caller.login(`caller@${ctx.dialect}.example.com`, PASSWORD);
      const res = await caller.post('/api/auth/reset-password', {
        token,
        password: NEW_PASSWORD,
        password2: NEW_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(204);
      await ctx.client().login(`owner@${ctx.dialect}.example.com`, NEW_PASSWORD);
      await ctx.client().login(`caller@${ctx.dialect}.example.com`, PASSWORD);
      okJson(await caller.get('/api/account/userinfo'));
      expect(await eventsOf(ctx, owner.id)).toContain('password-reset');
    });

    it('applies the sign-up password rules, naming the field, and writes nothing on a refusal', async () => {
      await ctx.createUser({ email: `rules@${ctx.dialect}.example.com`, password: PASSWORD });
      const token = await linkFor(ctx, `rules@${ctx.dialect}.example.com`);
      const before = await snapshotTables(ctx.database);
      const refusals: [unknown, string][] = [
        [{ token, password: 'short', password2: 'short' }, 'password: must be at least 8 characters'],
        [{ token, password: NEW_PASSWORD, password2: 'Something-else-1' }, 'password2: must match password'],
        [{ token, password: NEW_PASSWORD }, 'password2: is required'],
        [{ password: NEW_PASSWORD, password2: NEW_PASSWORD }, 'token: is required'],
        [{ token: '  ', password: NEW_PASSWORD, password2: NEW_PASSWORD }, 'token: is required'],
        [{ token, password: 'x'.repeat(1025), password2: 'x'.repeat(1025) }, 'password:'],
        [undefined, 'body: is required'],
      ];
      for (const [body, message] of refusals) expectError(await reset(ctx, body), 400, message);
      const badMail: [unknown, string][] = [
        [{}, 'email: is required'],
        [{ email: 'not-an-address' }, 'email: is not a valid e-mail address'],
        [{ email: 42 }, 'email:'],
      ];
      for (const [body, message] of badMail)
        expectError(await ctx.client().post('/api/auth/forgot-password', body), 400, message);
      expect(await snapshotTables(ctx.database)).toEqual(before);
      // The refusals did not use the link up.
      expect((await reset(ctx, { token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).statusCode).toBe(204);
    });

    it('lets one of two requests racing with the same link win', async () => {
      const user = await ctx.createUser({ email: `race@${ctx.dialect}.example.com`, password: PASSWORD });
      const token = await linkFor(ctx, `race@${ctx.dialect}.example.com`);
      const [one, two] = await Promise.all([
        reset(ctx, { token, password: 'Racer-one-11', password2: 'Racer-one-11' }),
        reset(ctx, { token, password: 'Racer-two-22', password2: 'Racer-two-22' }),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([204, 400]);
      const winner = one.statusCode === 204 ? 'Racer-one-11' : 'Racer-two-22';
      await ctx.client().login(`race@${ctx.dialect}.example.com`, winner);
      expect((await eventsOf(ctx, user.id)).filter((k) => k === 'password-reset')).toHaveLength(1);
    });

    it('keeps two-factor sign-in on: after a reset, login still asks for the code', async () => {
      await ctx.createUser({ email: `twofactor@${ctx.dialect}.example.com`, password: PASSWORD });
      const client = ctx.client();
      await client.login(`twofactor@${ctx.dialect}.example.com`, PASSWORD);
      const { secret } = okJson<TwoFactorSetupResponse>(await client.post('/api/account/two-factor/setup'));
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      okJson<RecoveryCodesResponse>(await client.post('/api/account/two-factor/confirm', { code }));

      const token = await linkFor(ctx, `twofactor@${ctx.dialect}.example.com`);
      expect((await reset(ctx, { token, password: NEW_PASSWORD, password2: NEW_PASSWORD })).statusCode).toBe(204);
      const login = okJson<{ twoFactorRequired?: boolean; token?: string }>(
        await ctx
          .client()
          .post('/api/auth/login', { email: `twofactor@${ctx.dialect}.example.com`, password: NEW_PASSWORD }),
      );
      expect(login.twoFactorRequired).toBe(true);
      expect(login.token).toBeUndefined();
    });

    it('refuses requests that bring a personal API token, as every auth route does', async () => {
      await ctx.createUser({ email: `script@${ctx.dialect}.example.com`, password: PASSWORD });
      const client = ctx.client();
      await client.login(`script@${ctx.dialect}.example.com`, PASSWORD);
      const apiToken = okJson<CreatedApiToken>(
        await client.post('/api/account/tokens', { name: 'Script', scope: 'read-write' }),
      ).token;
      const before = await snapshotTables(ctx.database);
      for (const [url, body] of [
        ['/api/auth/forgot-password', { email: `script@${ctx.dialect}.example.com` }],
        ['/api/auth/reset-password', { token: 'x'.repeat(43), password: NEW_PASSWORD, password2: NEW_PASSWORD }],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${apiToken}` },
          payload: body,
        });
        expectError(res, 403, 'An API token cannot');
      }
      expect(await snapshotTables(ctx.database)).toEqual(before);
      expect(mailsTo(`script@${ctx.dialect}.example.com`)).toEqual([]);
    });
  },
  () => ({ mail: { ...testConfig().mail, smtpUrl: smtp.url() } }),
);

describeEachDatabase(
  'forgotten password limits',
  (ctx) => {
    it('limits reset mails per address, known or not, with the same answer for both', async () => {
      await ctx.createUser({ email: `limited@${ctx.dialect}.example.com`, password: PASSWORD });
      // Each from another IP: only the address counts here.
      for (const ip of ['10.1.0.1', '10.1.0.2']) {
        okJson(await forgot(ctx, `limited@${ctx.dialect}.example.com`, ip));
        okJson(await forgot(ctx, `unknown-limited@${ctx.dialect}.example.com`, ip));
      }
      // The links are stored after the answers: wait for them before taking the snapshot.
      await nthMailTo(`limited@${ctx.dialect}.example.com`, 2);
      const before = await snapshotTables(ctx.database);
      const known = await forgot(ctx, `LIMITED@${ctx.dialect}.example.com`, '10.1.0.3');
      const unknown = await forgot(ctx, `unknown-limited@${ctx.dialect}.example.com`, '10.1.0.3');
      for (const res of [known, unknown]) {
        expectError(res, 429, 'Too many reset mails asked for this address; try again in');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(known.json<{ message: string }>().message.replace(/\d+/g, 'N')).toBe(
        unknown.json<{ message: string }>().message.replace(/\d+/g, 'N'),
      );
      expect(await snapshotTables(ctx.database)).toEqual(before);
      // Another address is not held up.
      okJson(await forgot(ctx, `someone-else@${ctx.dialect}.example.com`, '10.1.0.3'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(`limited@${ctx.dialect}.example.com`)).toHaveLength(2);
    });

    it('limits reset mails asked for per IP', async () => {
      for (let i = 0; i < 3; i++) okJson(await forgot(ctx, `ip-${i}@${ctx.dialect}.example.com`, '10.2.0.1'));
      const res = await forgot(ctx, `ip-3@${ctx.dialect}.example.com`, '10.2.0.1');
      expectError(res, 429, 'Too many reset mails asked for from this address; try again in');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      okJson(await forgot(ctx, `ip-3@${ctx.dialect}.example.com`, '10.2.0.2'));
    });

    it('limits reset links tried per IP', async () => {
      await ctx.createUser({ email: `guesser@${ctx.dialect}.example.com`, password: PASSWORD });
      const token = await linkFor(ctx, `guesser@${ctx.dialect}.example.com`, '10.3.0.9');
      const before = await snapshotTables(ctx.database);
      for (let i = 0; i < 4; i++)
        expectError(
          await reset(ctx, { token: `guess-${i}`, password: NEW_PASSWORD, password2: NEW_PASSWORD }, '10.3.0.1'),
          400,
          'token:',
        );
      expectError(
        await reset(ctx, { token, password: NEW_PASSWORD, password2: NEW_PASSWORD }, '10.3.0.1'),
        429,
        'Too many reset links tried from this address',
      );
      expect(await snapshotTables(ctx.database)).toEqual(before);
      expect(
        (await reset(ctx, { token, password: NEW_PASSWORD, password2: NEW_PASSWORD }, '10.3.0.2')).statusCode,
      ).toBe(204);
    });

    it('reads its limits from the environment', () => {
      expect(loadConfig({}).passwordResetLimits).toEqual({ perEmailPerHour: 3, perIpPerHour: 10 });
      expect(
        loadConfig({ PASSWORD_RESET_MAX_PER_EMAIL: '5', PASSWORD_RESET_MAX_PER_IP: '20' }).passwordResetLimits,
      ).toEqual({ perEmailPerHour: 5, perIpPerHour: 20 });
      expect(() => loadConfig({ PASSWORD_RESET_MAX_PER_EMAIL: '0' })).toThrow(/PASSWORD_RESET_MAX_PER_EMAIL/);
    });
  },
  () => ({
    mail: { ...testConfig().mail, smtpUrl: smtp.url() },
    passwordResetLimits: { perEmailPerHour: 2, perIpPerHour: 3 },
    accountLimits: { ...testConfig().accountLimits, codeChecksPerIp: 4 },
  }),
);
