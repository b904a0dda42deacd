import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors.js';
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
