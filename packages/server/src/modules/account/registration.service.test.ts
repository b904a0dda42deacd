import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FeedServer } from '../../test/feed-server.js';
import { describeEachDatabase } from '../../test/harness.js';
import { testConfig } from '../../test/config.js';
import { counterHost } from '../../test/counters.js';
import { keyedCounter } from '../../http/rate-limit.js';
import { loginLimits } from '../auth/login-limits.js';
import { AuthService } from '../auth/service.js';
import { TokenService } from '../auth/tokens.js';
import { outboxMailer } from '../mail/mailer.js';
import { UsersRepository } from '../users/repository.js';
import { RegistrationService } from './service.js';

const captcha = new FeedServer();
beforeAll(() => captcha.start());
afterAll(() => captcha.stop());

describeEachDatabase('registration with a clock', (ctx) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let now = Date.UTC(2026, 10, 21, 12);
  const host = counterHost();
  afterAll(async () => (await host).close());
  const service = async (secret?: string) => {
    const app = await host;
    const users = new UsersRepository(ctx.database.db);
    const auth = new AuthService(
      users,
      new TokenService('k'.repeat(40), 3600),
      loginLimits(app, testConfig().loginLimits),
    );
    const mailer = outboxMailer(dir, 'Kassa <kassa@test>', () => undefined);
    return new RegistrationService(
      ctx.database.db,
      auth,
      mailer,
      {
        mail: testConfig().mail,
        captcha: { secret, siteKey: undefined, verifyUrl: captcha.url('/siteverify') },
      },
      { wrongCodes: keyedCounter(app, `wrong-codes-${Math.random()}`, 86_400_000) },
      () => now,
    );
  };
  const lastCode = (email: string) => {
    const files = readdirSync(dir)
      .filter((f) => f.includes(email))
      .sort();
    return /verification code is (\d{6})/.exec(readFileSync(path.join(dir, files.at(-1) ?? ''), 'utf8'))?.[1] ?? '';
  };
  const user = async (email: string) => {
    const found = await new UsersRepository(ctx.database.db).findByEmail(email);
    if (found === undefined) throw new Error(`no user ${email}`);
    return found;
  };

  it('expires codes after 24 hours, and a resend voids the older one', async () => {
    const registration = await service();
    await registration.signup({
      email: 'clock@example.com',
      password: 'password-1',
      password2: 'password-1',
      recaptcha: '',
    });
    const first = lastCode('clock@example.com');
    now += 25 * 3_600_000;
    await expect(registration.verifyEmail(await user('clock@example.com'), first)).rejects.toThrow(
      'code: is wrong, already used or expired',
    );
    await registration.resendEmail(await user('clock@example.com'));
    const second = lastCode('clock@example.com');
    now += 30_000;
    await expect(registration.resendEmail(await user('clock@example.com'))).rejects.toThrow('try again in 30 seconds');
    now += 31_000;
    await registration.resendEmail(await user('clock@example.com'));
    const third = lastCode('clock@example.com');
    if (second !== third)
      await expect(registration.verifyEmail(await user('clock@example.com'), second)).rejects.toThrow(
        'already used or expired',
      );
    await registration.verifyEmail(await user('clock@example.com'), third);
    expect((await user('clock@example.com')).emailVerified).toBe(true);
  });

  it('after five wrong tries a new mail brings a fresh code with fresh tries', async () => {
    const registration = await service();
    await registration.signup({
      email: 'void@example.com',
      password: 'password-1',
      password2: 'password-1',
      recaptcha: '',
    });
    const voided = lastCode('void@example.com');
    const wrong = voided === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++)
      await expect(registration.verifyEmail(await user('void@example.com'), wrong)).rejects.toThrow('code:');
    await expect(registration.verifyEmail(await user('void@example.com'), voided)).rejects.toThrow('no longer works');
    now += 61_000;
    await registration.resendEmail(await user('void@example.com'));
    const fresh = lastCode('void@example.com');
    const other = fresh === '999999' ? '999998' : '999999';
    await expect(registration.verifyEmail(await user('void@example.com'), other)).rejects.toThrow('4 tries left');
    await registration.verifyEmail(await user('void@example.com'), fresh);
    expect((await user('void@example.com')).emailVerified).toBe(true);
  });

  it('checks the captcha with the verify endpoint when a secret is set', async () => {
    const registration = await service('captcha-secret');
    const signup = (email: string) =>
      registration.signup({ email, password: 'password-1', password2: 'password-1', recaptcha: 'token-1' });
    captcha.answers.set('/siteverify', {
      body: JSON.stringify({ success: true, action: 'signup' }),
      contentType: 'application/json',
    });
    await expect(signup('human@example.com')).resolves.toMatch(/^ey/);
    captcha.answers.set('/siteverify', { body: JSON.stringify({ success: false }), contentType: 'application/json' });
    await expect(signup('robot@example.com')).rejects.toThrow('recaptcha: the captcha was not solved');
    captcha.answers.set('/siteverify', {
      body: JSON.stringify({ success: true, action: 'login' }),
      contentType: 'application/json',
    });
    await expect(signup('robot2@example.com')).rejects.toThrow('recaptcha: the captcha was not solved');
    captcha.answers.set('/siteverify', { status: 500, body: 'down' });
    await expect(signup('robot3@example.com')).rejects.toThrow('The captcha could not be checked');
    expect(await new UsersRepository(ctx.database.db).findByEmail('robot@example.com')).toBeUndefined();
  });
});
