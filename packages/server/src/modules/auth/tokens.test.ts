import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.js';

const user = {
  id: 7,
  role: 'NORMAL' as const,
  tokenVersion: 0,
  emailVerified: true,
  referralOk: true,
  regComplete: true,
};

describe('TokenService.verify', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a token again while it lives, and refuses it once it has expired even after a first check', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 26, 12, 0, 0));
    const tokens = new TokenService('s'.repeat(32), 60);
    const token = await tokens.issue(user);
    expect((await tokens.verify(token))?.sub).toBe('7');
    vi.setSystemTime(Date.UTC(2026, 10, 26, 12, 0, 59, 999));
    expect((await tokens.verify(token))?.sub).toBe('7');
    // exp is 12:01:00: from that second on the token is dead, remembered or not.
    vi.setSystemTime(Date.UTC(2026, 10, 26, 12, 1, 0));
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token changed after a genuine one was checked, and one of another secret', async () => {
    const tokens = new TokenService('s'.repeat(32), 600);
    const token = await tokens.issue(user);
    expect(await tokens.verify(token)).toBeDefined();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeUndefined();
    const other = await new TokenService('o'.repeat(32), 600).issue(user);
    expect(await tokens.verify(other)).toBeUndefined();
  });

  it('hands out claims nobody can change for the next request', async () => {
    const tokens = new TokenService('s'.repeat(32), 600);
    const claims = await tokens.verify(await tokens.issue(user));
    expect(Object.isFrozen(claims)).toBe(true);
  });
});
