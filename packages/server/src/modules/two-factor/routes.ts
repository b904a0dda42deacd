import {
  recoveryCodesResponseSchema,
  twoFactorCheckRequestSchema,
  twoFactorConfirmRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
  type RecoveryCodesResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { denyDemo, sessionOf, type StepGuards } from '../auth/guard.js';
import type { TwoFactorService } from './service.js';
import { docs } from '../../http/openapi.js';

/**
 * account/two-factor/*: the state, enrolment (setup, confirm), turning it off and new recovery
 * codes. The second login step is auth/login-code (auth/routes.ts). Members only; the shared
 * demo login may look but not change it (a code on the demo would lock every visitor out).
 */
export function twoFactorRoutes(app: FastifyInstance, twoFactor: TwoFactorService, guards: StepGuards): void {
  const doc = docs('Two-factor');
  const member = { preHandler: guards.complete };
  const notDemo = { preHandler: [guards.complete, denyDemo] };

  app.get(
    '/api/account/two-factor',
    { ...member, schema: doc({ summary: 'Whether two-factor sign-in is on', response: twoFactorStatusSchema }) },
    (request): Promise<TwoFactorStatus> => twoFactor.status(sessionOf(request).user),
  );

  app.post(
    '/api/account/two-factor/setup',
    {
      ...notDemo,
      schema: doc({
        summary: 'Start enrolment: a new TOTP secret and its QR code',
        response: twoFactorSetupResponseSchema,
      }),
    },
    (request): Promise<TwoFactorSetupResponse> => twoFactor.setup(sessionOf(request).user),
  );

  app.post(
    '/api/account/two-factor/confirm',
    {
      ...notDemo,
      schema: doc({
        summary: 'Confirm enrolment with a code; returns the recovery codes',
        body: twoFactorConfirmRequestSchema,
        response: recoveryCodesResponseSchema,
      }),
    },
    async (request): Promise<RecoveryCodesResponse> => {
      const { code } = parseOr400(twoFactorConfirmRequestSchema, request.body);
      return { recoveryCodes: await twoFactor.confirm(sessionOf(request).user, code) };
    },
  );

  app.post(
    '/api/account/two-factor/disable',
    {
      ...notDemo,
      schema: doc({ summary: 'Turn two-factor sign-in off', body: twoFactorCheckRequestSchema, response: 'none' }),
    },
    async (request, reply) => {
      await twoFactor.disable(sessionOf(request).user, parseOr400(twoFactorCheckRequestSchema, request.body));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/two-factor/recovery-codes',
    {
      ...notDemo,
      schema: doc({
        summary: 'New recovery codes (the old ones stop working)',
        body: twoFactorCheckRequestSchema,
        response: recoveryCodesResponseSchema,
      }),
    },
    async (request): Promise<RecoveryCodesResponse> => ({
      recoveryCodes: await twoFactor.regenerateRecoveryCodes(
        sessionOf(request).user,
        parseOr400(twoFactorCheckRequestSchema, request.body),
      ),
    }),
  );
}
