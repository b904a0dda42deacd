import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { testConfig } from '../../test/config.js';
import { expectError, okJson } from '../../test/ledger.js';
import { SmtpListener } from '../../test/smtp-listener.js';
import { snapshotTables } from '../../test/snapshot.js';

const smtp = new SmtpListener();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const codeIn = (raw: string | undefined) => /verification code is (\d{6})/.exec(raw ?? '')?.[1] ?? '';
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describeEachDatabase(
  'account lifecycle',
  (ctx) => {
    it('walks sign-up, the mailed code, referral and initial data to a complete account', async () => {
      // An existing user, so the sign-up below is not the first and needs a referral.
      await ctx.createUser({ email: 'inviter@example.com', password: 'password-1' });
      const referrer = ctx.client();
      await referrer.login('inviter@example.com', 'password-1');
      const referral = (await referrer.get('/api/account/getreferral')).body;
      expect(referral).toMatch(/^[A-Z2-9]{10}$/);

      const client = ctx.client();
      const signup = okJson<{ token: string }>(
        await client.post('/api/account/signup', {
          email: 'New@Example.com',
          password: 'Secret-pass1',
          password2: 'Secret-pass1',
          recaptcha: 'x',
        }),
      );
      client.token = signup.token;
      expect(claims(signup.token)).toMatchObject({ ev: false, ro: false, rc: false });
      expect(
        okJson<{ emailVerified: boolean; referralOk: boolean; regComplete: boolean }>(
          await client.get('/api/account/userinfo'),
        ),
      ).toMatchObject({
        emailVerified: false,
        referralOk: false,
        regComplete: false,
      });

      const mail = smtp.lastTo('new@example.com');
      expect(mail?.raw).toContain('Subject: Your Kassa verification code');
      const code = codeIn(mail?.raw);
      expect(code).toMatch(/^\d{6}$/);
      expectError(await client.post('/api/account/verify-email/000000x'), 400, 'code: is wrong');
      const verified = okJson<{ token: string }>(await client.post(`/api/account/verify-email/${code}`));
      expect(claims(verified.token)).toMatchObject({ ev: true, ro: false });
      client.token = verified.token;
      expectError(await client.post(`/api/account/verify-email/${code}`), 409, 'already verified');

      expectError(
        await client.post('/api/account/initial-data', { firstName: 'N', mainCurrency: 'HUF', startBalance: 1 }),
        403,
      );
      expectError(await client.post('/api/account/verify-referral/NOPE'), 400, 'code: is not a referral code');
      const referred = okJson<{ token: string }>(
        await client.post(`/api/account/verify-referral/${referral.toLowerCase()}`),
      );
      expect(claims(referred.token)).toMatchObject({ ev: true, ro: true, rc: false });
      client.token = referred.token;

      const before = await snapshotTables(ctx.database);
      expectError(
        await client.post('/api/account/initial-data', { firstName: 'N', mainCurrency: 'XYZ', startBalance: 1 }),
        400,
        'mainCurrency',
      );
      expectError(
        await client.post('/api/account/initial-data', { firstName: 'N', mainCurrency: 'HUF', startBalance: 1.234 }),
        400,
        'startBalance',
      );
      expectError(
        await client.post('/api/account/initial-data', { mainCurrency: 'HUF', startBalance: 1 }),
        400,
        'firstName: is required',
      );
      expect(await snapshotTables(ctx.database)).toEqual(before);

      const done = okJson<{ token: string }>(
        await client.post('/api/account/initial-data', {
          firstName: ' Nora ',
          lastName: 'Nagy',
          mainCurrency: 'huf',
          startBalance: '150000+0.5',
        }),
      );
      expect(claims(done.token)).toMatchObject({ ev: true, ro: true, rc: true });
      client.token = done.token;
      expect(okJson(await client.get('/api/account/userinfo'))).toMatchObject({
        firstName: 'Nora',
        lastName: 'Nagy',
        mainCurrency: 'HUF',
        regComplete: true,
      });
      expect(okJson<{ name: string; balance: number }[]>(await client.get('/api/pocket/getall'))).toEqual([
        expect.objectContaining({ name: 'Default pocket HUF', currency: 'HUF', balance: 150000.5 }),
      ]);
      expect(okJson<{ name: string }[]>(await client.get('/api/category/getall')).map((c) => c.name)).toContain(
        'Other expense',
      );
      expect(okJson<{ id: number } | null>(await client.get('/api/fixpoint/getlast'))).not.toBeNull();
      expectError(
        await client.post('/api/account/initial-data', { firstName: 'N', mainCurrency: 'EUR', startBalance: 1 }),
        409,
        'already complete',
      );

      // The referral code was single use.
      const third = ctx.client();
      third.token = okJson<{ token: string }>(
        await third.post('/api/account/signup', {
          email: 'third@example.com',
          password: 'Secret-pass1',
          password2: 'Secret-pass1',
        }),
      ).token;
      third.token = okJson<{ token: string }>(
        await third.post(`/api/account/verify-email/${codeIn(smtp.lastTo('third@example.com')?.raw)}`),
      ).token;
      expectError(await third.post(`/api/account/verify-referral/${referral}`), 400, 'code: has already been used');
      expect((await third.post('/api/account/waitlistme')).statusCode).toBe(204);
      expect((await third.post('/api/account/waitlistme')).statusCode).toBe(204);
    });

    it('refuses bad sign-ups, limits resends, and changes the password voiding old tokens', async () => {
      const client = ctx.client();
      const before = await snapshotTables(ctx.database);
      expectError(
        await client.post('/api/account/signup', { email: 'x@example.com', password: 'short', password2: 'short' }),
        400,
        'password: must be at least 8 characters',
      );
      expectError(
        await client.post('/api/account/signup', {
          email: 'x@example.com',
          password: 'longenough1',
          password2: 'different1',
        }),
        400,
        'password2: must match password',
      );
      expectError(
        await client.post('/api/account/signup', {
          email: 'not-mail',
          password: 'longenough1',
          password2: 'longenough1',
        }),
        400,
        'email:',
      );
      expectError(
        await client.post('/api/account/signup', {
          email: 'INVITER@example.com',
          password: 'longenough1',
          password2: 'longenough1',
        }),
        409,
        'already exists',
      );
      expect(await snapshotTables(ctx.database)).toEqual(before);

      client.token = okJson<{ token: string }>(
        await client.post('/api/account/signup', {
          email: 'resend@example.com',
          password: 'longenough1',
          password2: 'longenough1',
        }),
      ).token;
      const limited = await client.post('/api/account/resend-email');
      expectError(limited, 429, 'try again in');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      // Changing the password is for members; the sign-up above is still unverified.
      expectError(
        await client.post('/api/account/changepass', {
          oldPassword: 'longenough1',
          newPassword: 'brand-new-1',
          newPassword2: 'brand-new-1',
        }),
        403,
        'Verify your e-mail',
      );
      await ctx.createUser({ email: 'member@example.com', password: 'longenough1' });
      await client.login('member@example.com', 'longenough1');
      const old = client.token;
      expectError(
        await client.post('/api/account/changepass', {
          oldPassword: 'wrong-pass',
          newPassword: 'brand-new-1',
          newPassword2: 'brand-new-1',
        }),
        400,
        'oldPassword: is wrong',
      );
      expectError(
        await client.post('/api/account/changepass', {
          oldPassword: 'longenough1',
          newPassword: 'brand-new-1',
          newPassword2: 'brand-new-2',
        }),
        400,
        'newPassword2: must match',
      );
      expect(
        (
          await client.post('/api/account/changepass', {
            oldPassword: 'longenough1',
            newPassword: 'brand-new-1',
            newPassword2: 'brand-new-1',
          })
        ).statusCode,
      ).toBe(204);
      expectError(await client.get('/api/account/userinfo'), 401);
      client.token = old;
      expectError(await client.get('/api/auth/verify-token'), 401);
      await client.login('member@example.com', 'brand-new-1');
      expect((await client.get('/api/account/userinfo')).statusCode).toBe(200);
    });

    it('refuses account-level changes to the demo user', async () => {
      await ctx.createUser({ email: 'demo@example.com', password: 'demo-pass-1', role: 'DEMO' });
      const demo = ctx.client();
      await demo.login('demo@example.com', 'demo-pass-1');
      const before = await snapshotTables(ctx.database);
      for (const res of [
        await demo.post('/api/account/changepass', {
          oldPassword: 'demo-pass-1',
          newPassword: 'x-long-pass',
          newPassword2: 'x-long-pass',
        }),
        await demo.get('/api/account/getreferral'),
        await demo.post('/api/account/verify-referral/ABC'),
        await demo.post('/api/account/waitlistme'),
        await demo.post('/api/account/initial-data', { firstName: 'D', mainCurrency: 'EUR', startBalance: 0 }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json<{ type: string }>().type).toBe('demo');
      }
      expect(await snapshotTables(ctx.database)).toEqual(before);
    });
  },
  () => ({ mail: { ...testConfig().mail, smtpUrl: smtp.url() } }),
);

describeEachDatabase('the first user of a fresh install', (ctx) => {
  it('needs no referral, and mails go to the outbox without SMTP', async () => {
    const client = ctx.client();
    const { token } = okJson<{ token: string }>(
      await client.post('/api/account/signup', {
        email: 'first@example.com',
        password: 'longenough1',
        password2: 'longenough1',
      }),
    );
    expect(claims(token)).toMatchObject({ ev: false, ro: true, rc: false });
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    const [file] = readdirSync(outbox);
    expect(readFileSync(path.join(outbox, file ?? ''), 'utf8')).toMatch(
      /To: first@example.com[\s\S]*verification code is \d{6}/,
    );
  });
});
