import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../http/errors.js';
import type { AuthService, Session } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser on private routes. */
    session: Session | undefined;
  }
}

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/** A route preHandler that admits only requests with a valid token. */
export type RequireUser = (request: FastifyRequest) => Promise<void>;

/** A preHandler that admits only requests with a valid token, and records their session. */
export function makeRequireUser(auth: AuthService): RequireUser {
  return async (request: FastifyRequest): Promise<void> => {
    request.session = await auth.authenticate(bearerToken(request));
  };
}

/** The session of a request that passed requireUser. */
export function sessionOf(request: FastifyRequest): Session {
  if (request.session === undefined) throw unauthorized();
  return request.session;
}

/**
 * A preHandler for changes the demo user may not make (account-level changes, DESIGN §7).
 * Runs after requireUser; answers 403 {type: "demo"}, which the web shows as "Not allowed for demo user".
 */
export const denyDemo: RequireUser = (request) => {
  if (sessionOf(request).user.role === 'DEMO') {
    return Promise.reject(new AppError(403, 'demo', 'Not allowed for the demo user'));
  }
  return Promise.resolve();
};
