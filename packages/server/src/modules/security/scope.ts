import type { ApiTokenScope } from '@kassa/contract';
import { AppError } from '../../http/errors.js';

/**
 * What a personal API token may call, in one place (docs/DECISIONS.md, API tokens). Routes are
 * named by method and pattern as registered ("/api/transaction/getbyid/:id").
 *
 * - Credentials and sign-in are a signed-in browser session's alone: every account/* route but
 *   GET account/userinfo (API tokens, sessions, the security log, the password, two-factor
 *   sign-in, referral codes, registration) and every auth/* route (a token must not mint JWTs).
 *   The admin page's admin/* routes too: who may sign in is a person's decision, never a script's.
 * - A `read` token may use the safe methods (GET, HEAD, OPTIONS) except the GET routes that write,
 *   and the POST routes that only read (a request body is their query). Every other POST, and
 *   every PATCH, PUT and DELETE, writes. A route added later is a write until it is listed here.
 * - A `read-write` token may use everything else.
 */

/** POST routes that only read: their body is a query (an interval, a filter, stated balances to compare). */
export const READ_ONLY_POSTS: ReadonlySet<string> = new Set([
  '/api/analytics/oneperiod',
  '/api/analytics/cashflow',
  '/api/analytics/balances',
  '/api/analytics/holdings',
  '/api/analytics/balance-history',
  '/api/analytics/multiperiod',
  '/api/analytics/conversion-costs',
  '/api/analytics/networth-bridge',
  '/api/analytics/fixpoint-drift',
  '/api/analytics/exposure',
  '/api/analytics/settle-up',
  '/api/exrate/used',
  '/api/budget/get',
  '/api/transaction/getfiltered',
  '/api/transaction/getconvertedsum',
  '/api/transaction/search',
  '/api/conversion/getbetween',
  '/api/fixpoint/getbetween',
  '/api/fixpoint/calcerror',
  '/api/schedule/upcoming',
]);

/** GET routes that write (spec §7 keeps them GETs): a `read` token may not call them. */
export const WRITING_GETS: ReadonlySet<string> = new Set(['/api/business/add-latent/:id', '/api/account/getreferral']);

/** Routes of sign-in and credentials, and the admin page's (issue 22), closed to every API token. */
export function isCredentialRoute(route: string): boolean {
  return (
    (route.startsWith('/api/account/') && route !== '/api/account/userinfo') ||
    route.startsWith('/api/auth/') ||
    route.startsWith('/api/admin/')
  );
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request of `method` to `route` only reads. */
export function onlyReads(method: string, route: string): boolean {
  if (SAFE_METHODS.has(method)) return !WRITING_GETS.has(route);
  return method === 'POST' && READ_ONLY_POSTS.has(route);
}

/** The 403 for a request an API token of `scope` may not make; undefined when it may. */
export function scopeRefusal(scope: ApiTokenScope, method: string, route: string): AppError | undefined {
  if (isCredentialRoute(route))
    return new AppError(
      403,
      'forbidden',
      'An API token cannot sign in or manage credentials (tokens, sessions, password, two-factor); use the web app',
    );
  if (scope === 'read' && !onlyReads(method, route))
    return new AppError(
      403,
      'forbidden',
      `This API token has the read scope: ${method} ${route} changes data and needs a read-write token`,
    );
  return undefined;
}
