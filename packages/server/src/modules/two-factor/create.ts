import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { keyedCounter } from '../../http/rate-limit.js';
import { twoFactorKeys } from './crypto.js';
import { TwoFactorRepository } from './repository.js';
import { TwoFactorService } from './service.js';

/**
 * The two-factor service as app.ts wires it: keys derived from the JWT secret, and wrong checks
 * of the settings counted per user with the login window and its per-pair allowance.
 */
export function createTwoFactor(
  app: FastifyInstance,
  db: Kysely<DB>,
  jwtSecret: string,
  limits: Config['loginLimits'],
): TwoFactorService {
  return new TwoFactorService(new TwoFactorRepository(db), twoFactorKeys(jwtSecret), {
    wrongChecks: keyedCounter(app, 'two-factor-wrong-checks', limits.windowMs),
    maxWrongChecks: limits.maxFailuresPerEmailIp,
  });
}
