import { describe, expect, it } from 'vitest';
import { refreshDue } from './token-refresh';

describe('token renewal', () => {
  const now = 1_800_000_000_000;
  it('renews in the last ten minutes before expiry only', () => {
    expect(refreshDue(now / 1000 + 11 * 60, now)).toBe(false);
    expect(refreshDue(now / 1000 + 9 * 60, now)).toBe(true);
    expect(refreshDue(now / 1000 + 1, now)).toBe(true);
  });

  it('leaves an expired token alone: that session is over', () => {
    expect(refreshDue(now / 1000, now)).toBe(false);
    expect(refreshDue(now / 1000 - 60, now)).toBe(false);
  });
});
