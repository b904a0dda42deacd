import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

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
    const header = request.headers[CSRF_HEADER];
    if (!hasValidCookie || typeof header !== 'string' || !sameToken(header, cookie)) {
      throw forbidden('Missing or invalid CSRF token: echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header');
    }
  });
}
