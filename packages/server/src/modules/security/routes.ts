import {
  createApiTokenRequestSchema,
  apiTokenListSchema,
  createdApiTokenSchema,
  endedSessionsSchema,
  idParamSchema,
  securityLogQuerySchema,
  securityLogSchema,
  signedInSessionListSchema,
  type ApiToken,
  type CreatedApiToken,
  type EndedSessions,
  type SecurityLogPage,
  type SignedInSession,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { docs } from '../../http/openapi.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, clientOf, denyApiTokens, denyDemo, sessionOf, type StepGuards } from '../auth/guard.js';
import type { SecurityServices } from './create.js';

/**
 * account/tokens*, account/sessions* and account/security-log: credentials, so a signed-in browser
 * session only (never an API token). The shared demo login may do none of it: its sessions and
 * log hold every visitor's addresses, and a token would outlive the visit.
 */
export function securityRoutes(app: FastifyInstance, security: SecurityServices, guards: StepGuards): void {
  const { apiTokens, sessions, log } = security;
  const credentials = { preHandler: [guards.complete, denyApiTokens, denyDemo] };
  const doc = docs('Security');

  app.get(
    '/api/account/tokens',
    {
      ...credentials,
      schema: doc({ summary: 'Personal API tokens (never the tokens themselves)', response: apiTokenListSchema }),
    },
    (request): Promise<ApiToken[]> => apiTokens.list(sessionOf(request).user),
  );

  app.post(
    '/api/account/tokens',
    {
      ...credentials,
      schema: doc({
        summary: 'Make an API token; the answer is the only time it is shown',
        body: createApiTokenRequestSchema,
        response: createdApiTokenSchema,
        created: true,
      }),
    },
    async (request, reply): Promise<CreatedApiToken> => {
      const body = parseOr400(createApiTokenRequestSchema, request.body);
      const created = await apiTokens.create(sessionOf(request).user, bookOf(request).id, body, clientOf(request));
      void reply.status(201);
      return created;
    },
  );

  app.delete(
    '/api/account/tokens/:id',
    { ...credentials, schema: doc({ summary: 'Revoke an API token', params: idParamSchema, response: 'none' }) },
    async (request, reply) => {
      const { id } = parseOr400(idParamSchema, request.params, 'id');
      await apiTokens.revoke(sessionOf(request).user, id, clientOf(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/account/sessions',
    { ...credentials, schema: doc({ summary: 'Signed-in sessions', response: signedInSessionListSchema }) },
    (request): Promise<SignedInSession[]> => sessions.list(sessionOf(request)),
  );

  app.delete(
    '/api/account/sessions/:id',
    { ...credentials, schema: doc({ summary: 'End a session', params: idParamSchema, response: 'none' }) },
    async (request, reply) => {
      const { id } = parseOr400(idParamSchema, request.params, 'id');
      await sessions.end(sessionOf(request).user, id, clientOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/sessions/end-others',
    { ...credentials, schema: doc({ summary: 'End every other session', response: endedSessionsSchema }) },
    (request): Promise<EndedSessions> => sessions.endMany(sessionOf(request), clientOf(request), false),
  );

  app.post(
    '/api/account/sessions/end-all',
    { ...credentials, schema: doc({ summary: 'End every session, this one too', response: endedSessionsSchema }) },
    (request): Promise<EndedSessions> => sessions.endMany(sessionOf(request), clientOf(request), true),
  );

  app.get(
    '/api/account/security-log',
    {
      ...credentials,
      schema: doc({
        summary: 'The security log, newest first, a page at a time',
        querystring: securityLogQuerySchema,
        response: securityLogSchema,
      }),
    },
    (request): Promise<SecurityLogPage> =>
      log.page(sessionOf(request).user.id, parseOr400(securityLogQuerySchema, request.query, 'query')),
  );
}
