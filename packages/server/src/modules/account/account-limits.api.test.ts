import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../test/config.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { SmtpListener } from '../../test/smtp-listener.js';
import { snapshotTables } from '../../test/snapshot.js';

const smtp = new SmtpListener();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const codeIn = (raw: string | undefined) => /verification code is (\d{6})/.exec(raw ?? '')?.[1] ?? '';
const signupBody = (email: string) => ({ email, password: 'Secret-pass1', password2: 'Secret-pass1' });
const from = (remoteAddress: string) => ({ remoteAddress });

describeEachDatabase(
  'limits on sign-up and codes',
  (ctx) => {
    it('voids a mailed code after five wrong tries: the right one no longer works', async () => {
      await ctx.createUser({ email: 'first@example.com', password: 'password-1' });
      const client = ctx.client();
      client.token = okJson<{ token: string }>(
        await client.post('/api/account/signup', signupBody('guess@example.com'), from('10.9.0.1')),
      ).token;
      const code = codeIn(smtp.lastTo('guess@example.com')?.raw);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let left = 4; left >= 1; left--)
        expectError(await client.post(`/api/account/verify-email/${wrong}`), 400, `${left} tries left`);
      expectError(await client.post(`/api/account/verify-email/${wrong}`), 400, 'wrong 5 times and no longer works');
      expectError(await client.post(`/api/account/verify-email/${code}`), 400, 'no longer works');
      expect(okJson<{ emailVerified: boolean }>(await client.get('/api/account/userinfo')).emailVerified).toBe(false);
    });

    it('limits sign-ups per IP (each sends a mail), writing nothing when refused', async () => {
      const client = ctx.client();
      for (const n of [1, 2])
        expect(
          (await client.post('/api/account/signup', signupBody(`s${n}@example.com`), from('10.9.0.2'))).statusCode,
        ).toBe(200);
      const before = await snapshotTables(ctx.database);
      const mails = smtp.received.length;
      const refused = await client.post('/api/account/signup', signupBody('s3@example.com'), from('10.9.0.2'));
      expectError(refused, 429, 'Too many sign-ups from this address; try again in');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await snapshotTables(ctx.database)).toEqual(before);
      expect(smtp.received.length).toBe(mails);
      expect(
        (await client.post('/api/account/signup', signupBody('s3@example.com'), from('10.9.0.3'))).statusCode,
      ).toBe(200);
    });

    it('limits code checks per IP', async () => {
      const client = ctx.client();
      client.token = okJson<{ token: string }>(
        await client.post('/api/account/signup', signupBody('checks@example.com'), from('10.9.0.4')),
      ).token;
      for (let i = 0; i < 6; i++) await client.post('/api/account/verify-email/123456', undefined, from('10.9.0.5'));
      expectError(
        await client.post('/api/account/verify-email/123456', undefined, from('10.9.0.5')),
        429,
        'Too many codes tried from this address',
      );
    });
  },
  () => ({
    mail: { ...testConfig().mail, smtpUrl: smtp.url() },
    accountLimits: { signupsPerIpPerHour: 2, codeChecksPerIp: 6, windowMs: 60_000 },
  }),
);
