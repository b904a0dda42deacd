import { Secret, TOTP } from 'otpauth';
import { afterAll, expect, it } from 'vitest';
import { keyedCounter } from '../../http/rate-limit.js';
import { counterHost } from '../../test/counters.js';
import { describeEachDatabase } from '../../test/harness.js';
import { twoFactorKeys } from './crypto.js';
import { TwoFactorRepository } from './repository.js';
import { TwoFactorService } from './service.js';
import { TICKET_TTL_SECONDS } from './tickets.js';

const SECRET_A = 'a'.repeat(48);
const SECRET_B = 'b'.repeat(48);
// The start of a 30 s step, plus one second.
const T0 = Date.UTC(2026, 2, 1, 9, 0, 1);
const code = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describeEachDatabase('two-factor codes on a clock', (ctx) => {
  const host = counterHost();
  afterAll(async () => (await host).close());
  let now = T0;
  const service = async (jwtSecret = SECRET_A) =>
    new TwoFactorService(
      new TwoFactorRepository(ctx.database.db),
      twoFactorKeys(jwtSecret),
      { wrongChecks: keyedCounter(await host, `wrong-${Math.random()}`, 60_000), maxWrongChecks: 100 },
      () => now,
    );

  /** A user with two-factor sign-in confirmed at T0; its secret. */
  const enrolled = async (email: string) => {
    now = T0;
    const user = await ctx.createUser({ email, password: 'password-123' });
    const twoFactor = await service();
    const { secret } = await twoFactor.setup(user);
    await twoFactor.confirm(user, code(secret, now));
    return { user, secret, twoFactor };
  };

  it('refuses a used code for the rest of its 30 s step and accepts the next step’s', async () => {
    const { user, secret, twoFactor } = await enrolled('clock@example.com');
    // The confirming code is used; so is its step, within and at the end of its 30 seconds.
    expect(await twoFactor.useCode(user.id, code(secret, T0))).toBe(false);
    now = T0 + 28_000;
    expect(await twoFactor.useCode(user.id, code(secret, T0))).toBe(false);
    // The next step's code works (once), even typed a little early.
    expect(await twoFactor.useCode(user.id, code(secret, T0 + 30_000))).toBe(true);
    now = T0 + 31_000;
    expect(await twoFactor.useCode(user.id, code(secret, T0 + 30_000))).toBe(false);
    now = T0 + 61_000;
    expect(await twoFactor.useCode(user.id, code(secret, now))).toBe(true);
  });

  it('accepts one step of clock drift either way, not two', async () => {
    const { user, secret, twoFactor } = await enrolled('drift@example.com');
    now = T0 + 10 * 30_000;
    expect(await twoFactor.useCode(user.id, code(secret, now - 60_000))).toBe(false);
    expect(await twoFactor.useCode(user.id, code(secret, now + 60_000))).toBe(false);
    expect(await twoFactor.useCode(user.id, code(secret, now - 30_000))).toBe(true);
    expect(await twoFactor.useCode(user.id, code(secret, now + 30_000))).toBe(true);
  });

  it('lets a login ticket live five minutes', async () => {
    const { user, twoFactor } = await enrolled('ticket@example.com');
    const challenge = await twoFactor.challenge(user);
    expect(challenge?.expiresAt).toBe(new Date(T0 + TICKET_TTL_SECONDS * 1000).toISOString());
    const ticket = challenge?.ticket ?? '';
    now = T0 + TICKET_TTL_SECONDS * 1000 - 2000;
    expect(await twoFactor.readTicket(ticket)).toEqual({ userId: user.id, tokenVersion: user.tokenVersion });
    now = T0 + TICKET_TTL_SECONDS * 1000;
    expect(await twoFactor.readTicket(ticket)).toBeUndefined();
  });

  it('verifies nothing under another JWT secret: the stored secret does not decrypt, no code passes', async () => {
    const { user, secret, recovery } = await (async () => {
      now = T0;
      const u = await ctx.createUser({ email: 'rotated@example.com', password: 'password-123' });
      const twoFactor = await service();
      const { secret: s } = await twoFactor.setup(u);
      return { user: u, secret: s, recovery: await twoFactor.confirm(u, code(s, now)) };
    })();
    const rotated = await service(SECRET_B);
    now = T0 + 30_000;
    expect(await rotated.useCode(user.id, code(secret, now))).toBe(false);
    expect(await rotated.useCode(user.id, recovery[0] ?? '')).toBe(false);
    // A ticket of one key is nothing to the other.
    const ticket = (await (await service()).challenge(user))?.ticket ?? '';
    expect(await rotated.readTicket(ticket)).toBeUndefined();
  });

  it('restarting the set-up replaces the secret that waited for its code', async () => {
    now = T0;
    const user = await ctx.createUser({ email: 'restart@example.com', password: 'password-123' });
    const twoFactor = await service();
    const first = await twoFactor.setup(user);
    const second = await twoFactor.setup(user);
    expect(second.secret).not.toBe(first.secret);
    await expect(twoFactor.confirm(user, code(first.secret, now))).rejects.toMatchObject({ status: 400 });
    expect(await twoFactor.confirm(user, code(second.secret, now))).toHaveLength(10);
  });
});
