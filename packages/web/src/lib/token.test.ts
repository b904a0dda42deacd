import { describe, expect, it } from 'vitest';
import { clearToken, getToken, isTokenValid, setToken, TOKEN_KEY, tokenClaims, tokenExpiry } from './token';

const jwt = (payload: object) => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.sig`;

describe('token handling (spec §3, §4)', () => {
  it('is valid only while the expiry is in the future', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(isTokenValid(jwt({ exp: now / 1000 + 60 }), now)).toBe(true);
    expect(isTokenValid(jwt({ exp: now / 1000 }), now)).toBe(false);
    expect(isTokenValid(jwt({ exp: now / 1000 - 1 }), now)).toBe(false);
  });

  it('treats missing or undecodable tokens as expired', () => {
    expect(isTokenValid(null)).toBe(false);
    expect(isTokenValid('')).toBe(false);
    expect(isTokenValid('garbage')).toBe(false);
    expect(isTokenValid('a.%%%.c')).toBe(false);
    expect(isTokenValid(`e30.${btoa('"just a string"')}.sig`)).toBe(false);
    expect(tokenExpiry(jwt({ sub: '1' }))).toBeUndefined();
  });

  it('reads the role claim as a single value or a list', () => {
    expect(tokenClaims(jwt({ exp: 1, role: 'DEMO' }))?.roles).toEqual(['DEMO']);
    expect(tokenClaims(jwt({ exp: 1, role: ['NORMAL', 'ADMIN'] }))?.roles).toEqual(['NORMAL', 'ADMIN']);
    expect(tokenClaims(jwt({ exp: 1 }))?.roles).toEqual([]);
  });

  it('reads the registration flags, absent ones counting as passed', () => {
    expect(tokenClaims(jwt({ exp: 1, ev: false, ro: true, rc: false }))).toMatchObject({
      emailVerified: false,
      referralOk: true,
      regComplete: false,
    });
    expect(tokenClaims(jwt({ exp: 1 }))).toMatchObject({ emailVerified: true, referralOk: true, regComplete: true });
  });

  it('keeps the token in localStorage under jwtToken', () => {
    setToken('t.o.k');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t.o.k');
    expect(TOKEN_KEY).toBe('jwtToken');
    expect(getToken()).toBe('t.o.k');
    clearToken();
    expect(getToken()).toBeNull();
  });
});
