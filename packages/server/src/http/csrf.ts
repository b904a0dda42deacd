import { randomBytes, timingSafeEqual } from 'node:crypto';
import { API_TOKEN_PREFIX, CSRF_COOKIE, CSRF_HEADER } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;
const API_TOKEN_BEARER = new RegExp(`^Bearer\\s+${API_TOKEN_PREFIX}`, 'i');

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit CSRF protection: every response sets an XSRF-TOKEN cookie when the client has
 * none; a state-changing request must echo the cookie in X-XSRF-TOKEN. A cross-site page can
 * send the cookie but cannot read it, so it cannot forge the header.
 */
export function registerCsrf(app: FastifyInstance, options: { secureCookie: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const hasValidCookie = cookie !== undefined && TOKEN_PATTERN.test(cookie);
    if (!hasValidCookie) {
      reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: options.secureCookie,
        httpOnly: false, // the web app must read it to echo it
      });
    }
    // Every unsafe request, whatever its path: the router decodes paths (/%61pi/… is /api/…).
    if (SAFE_METHODS.has(request.method)) return;
    // A personal API token is sent by scripts, never by a browser on its own: a cross-site page
    // cannot set an Authorization header, so there is nothing to forge. Such a request
    // authenticates with that token only (a wrong one is 401), never as a browser session.
    // Session JWTs, which a browser holds, still need the header.
    const authorization = request.headers.authorization;
    if (typeof authorization === 'string' && API_TOKEN_BEARER.test(authorization)) return;
    const header = request.headers[CSRF_HEADER];
    if (!hasValidCookie || typeof header !== 'string' || !sameToken(header, cookie)) {
      throw forbidden('Missing or invalid CSRF token: echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header');
    }
  });
}
