import type { TokenResponse } from '@kassa/contract';
import { useEffect } from 'react';
import { apiGet } from '../lib/api';
import { getToken, setToken, tokenExpiry } from '../lib/token';

/** Renew the token when less than this is left, so an active user is not logged out mid-task. */
export const REFRESH_BEFORE_MS = 10 * 60_000;
const CHECK_EVERY_MS = 60_000;

/** Whether a token expiring at `exp` (seconds) is due for renewal at `nowMs`. */
export function refreshDue(exp: number, nowMs: number): boolean {
  const left = exp * 1000 - nowMs;
  return left > 0 && left < REFRESH_BEFORE_MS;
}

/** While the private area is open, renews the token shortly before it expires (auth/refresh-token). */
export function useTokenRefresh(): void {
  useEffect(() => {
    const check = () => {
      const token = getToken();
      const exp = token === null ? undefined : tokenExpiry(token);
      if (exp === undefined || !refreshDue(exp, Date.now())) return;
      apiGet<TokenResponse>('auth/refresh-token').then(
        ({ token: fresh }) => setToken(fresh),
        // An expired or revoked session surfaces as a 401 on the next real request.
        (err: unknown) => console.error(err),
      );
    };
    check();
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);
}
