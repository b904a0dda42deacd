import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { keyedCounter } from '../../http/rate-limit.js';
import type { AuthSecurity } from '../auth/service.js';
import { ApiTokensService } from './api-tokens.js';
import { ApiTokensRepository, SecurityEventsRepository, SessionsRepository } from './repository.js';
import { SecurityLogService } from './security-log.js';
import { SessionsService } from './sessions.js';

/** The security services: what auth needs of them (AuthSecurity), with the user page's side. */
export interface SecurityServices extends AuthSecurity {
  apiTokens: ApiTokensService;
  sessions: SessionsService;
  log: SecurityLogService;
}

/**
 * Sessions, API tokens and the security log as app.ts wires them: requests per API token counted
 * per minute in the rate-limit store, sessions kept while a token of theirs can live.
 */
export function createSecurity(
  app: FastifyInstance,
  db: Kysely<DB>,
  config: Pick<Config, 'jwtTtlSeconds' | 'apiTokens'>,
): SecurityServices {
  const log = new SecurityLogService(new SecurityEventsRepository(db));
  return {
    log,
    sessions: new SessionsService(new SessionsRepository(db), log, config.jwtTtlSeconds * 1000),
    apiTokens: new ApiTokensService(new ApiTokensRepository(db), log, {
      requests: keyedCounter(app, 'api-token-requests', 60_000),
      maxPerMinute: config.apiTokens.maxPerMinute,
    }),
  };
}
