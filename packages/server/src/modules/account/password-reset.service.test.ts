import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { keyedCounter } from '../../http/rate-limit.js';
import { counterHost } from '../../test/counters.js';
import { describeEachDatabase } from '../../test/harness.js';
import { testConfig } from '../../test/config.js';
import { loginLimits } from '../auth/login-limits.js';
import { verifyPassword } from '../auth/passwords.js';
import { AuthService } from '../auth/service.js';
import { TokenService } from '../auth/tokens.js';
import { outboxMailer } from '../mail/mailer.js';
import { UsersRepository } from '../users/repository.js';
import { PASSWORD_RESET_TTL_MS, PasswordResetService } from './password-reset.js';

const CLIENT = { ip: '10.0.0.1', userAgent: undefined };

describeEachDatabase('forgotten password with a clock', (ctx) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-reset-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const host = counterHost();
  afterAll(async () => (await host).close());
  let now = Date.UTC(2026, 10, 21, 12);

  const service = async () => {
    const app = await host;
    const users = new UsersRepository(ctx.database.db);
    const auth = new AuthService(
      users,
      new TokenService('k'.repeat(40), 3600),
      loginLimits(app, testConfig().loginLimits),
    );
    return new PasswordResetService(
      ctx.database.db,
      auth,
      outboxMailer(dir, 'Kassa <kassa@test>', () => undefined),
      { mail: testConfig().mail },
      { requestsPerEmail: keyedCounter(app, `reset-mails-${Math.random()}`, 3_600_000), maxPerEmail: 100 },
      () => undefined,
      () => now,
    );
  };
  /** Asks for a link and waits for it to be stored and mailed, which happens after the answer. */
  const forgot = async (resets: PasswordResetService, email: string) => {
    await resets.forgot(email);
    await resets.settled();
  };
  /** The token of the newest reset mail to the address in the outbox. */
  const lastToken = (email: string) => {
    const files = readdirSync(dir)
      .filter((f) => f.includes(email))
      .sort();
    const text = readFileSync(path.join(dir, files.at(-1) ?? ''), 'utf8');
    return /\/public\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
  };
  const passwordOf = async (email: string) =>
    (await new UsersRepository(ctx.database.db).findByEmail(email))?.passwordHash ?? '';

  it('makes a link work for 30 minutes and no longer', async () => {
    expect(PASSWORD_RESET_TTL_MS).toBe(30 * 60_000);
    await ctx.createUser({ email: 'clock@example.com', password: 'Old-password-1' });
    const resets = await service();

    await forgot(resets, 'clock@example.com');
    const expiring = lastToken('clock@example.com');
    now += PASSWORD_RESET_TTL_MS;
    await expect(
      resets.reset({ token: expiring, password: 'Late-password-1', password2: 'Late-password-1' }, CLIENT),
    ).rejects.toThrow('token: this link is invalid, expired or already used');
    expect(await verifyPassword(await passwordOf('clock@example.com'), 'Old-password-1')).toBe(true);

    // A new link, used a moment before its 30 minutes are up.
    await forgot(resets, 'clock@example.com');
    const fresh = lastToken('clock@example.com');
    expect(fresh).not.toBe(expiring);
    now += PASSWORD_RESET_TTL_MS - 1;
    await resets.reset({ token: fresh, password: 'In-time-pass-1', password2: 'In-time-pass-1' }, CLIENT);
    expect(await verifyPassword(await passwordOf('clock@example.com'), 'In-time-pass-1')).toBe(true);
  });

  it('drops a user’s expired links when a new one is made', async () => {
    const user = await ctx.createUser({ email: 'prune@example.com', password: 'Old-password-1' });
    const resets = await service();
    await forgot(resets, 'prune@example.com');
    await forgot(resets, 'prune@example.com');
    now += PASSWORD_RESET_TTL_MS + 1;
    await forgot(resets, 'prune@example.com');
    const rows = await ctx.database.db
      .selectFrom('password_resets')
      .select('created_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.created_at)).toEqual([now]);
  });
});
