/** Local-storage key of the JWT (spec §3). */
export const TOKEN_KEY = 'jwtToken';

/** Reads the expiry (seconds since epoch) of a JWT without verifying it; undefined if undecodable. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** A token is valid if present and its expiry is in the future; undecodable counts as expired (spec §4). */
export function isTokenValid(token: string | null, nowMs = Date.now()): boolean {
  if (token === null || token === '') return false;
  const exp = tokenExpiry(token);
  return exp !== undefined && exp * 1000 > nowMs;
}

export const getToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);
