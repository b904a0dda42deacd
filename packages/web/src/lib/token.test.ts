import { describe, expect, it } from 'vitest';
import { isTokenValid, tokenExpiry } from './token';

const jwt = (payload: object) => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.sig`;

describe('token validity', () => {
  it('is valid only while the expiry is in the future', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(isTokenValid(jwt({ exp: now / 1000 + 60 }), now)).toBe(true);
    expect(isTokenValid(jwt({ exp: now / 1000 - 1 }), now)).toBe(false);
  });

  it('treats missing or undecodable tokens as expired', () => {
    expect(isTokenValid(null)).toBe(false);
    expect(isTokenValid('')).toBe(false);
    expect(isTokenValid('garbage')).toBe(false);
    expect(isTokenValid('a.%%%.c')).toBe(false);
    expect(tokenExpiry(jwt({ sub: '1' }))).toBeUndefined();
  });
});
