import {
  changePasswordRequestSchema,
  initialDataRequestSchema,
  signupRequestSchema,
  type TokenResponse,
  type UserInfo,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../http/validate.js';
import type { AccountsService } from '../accounts/service.js';
import { denyDemo, sessionOf, type StepGuards } from '../auth/guard.js';

const codeParam = z.object({ code: z.string().trim().min(1, 'is required').max(64) });

export function accountRoutes(app: FastifyInstance, accounts: AccountsService, guards: StepGuards): void {
  // Each registration step admits the users who reached it (spec §4 order); the rest need all.
  const signedIn = { preHandler: guards.signedIn };
  const emailVerified = { preHandler: [guards.emailVerified, denyDemo] };
  const referralOk = { preHandler: [guards.referralOk, denyDemo] };
  // Account-level changes the demo user may not make (DESIGN §7).
  const notDemo = { preHandler: [guards.complete, denyDemo] };

  app.get('/api/account/userinfo', signedIn, (request): UserInfo => {
    const { user } = sessionOf(request);
    return {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      mainCurrency: user.mainCurrency,
      role: user.role,
      emailVerified: user.emailVerified,
      referralOk: user.referralOk,
      regComplete: user.regComplete,
    };
  });

  app.post('/api/account/signup', async (request): Promise<TokenResponse> => ({
    token: await accounts.signup(parseOr400(signupRequestSchema, request.body)),
  }));

  app.post('/api/account/verify-email/:code', signedIn, async (request): Promise<TokenResponse> => ({
    token: await accounts.verifyEmail(sessionOf(request).user, parseOr400(codeParam, request.params, 'code').code),
  }));

  app.post('/api/account/resend-email', signedIn, async (request, reply) => {
    await accounts.resendEmail(sessionOf(request).user);
    return reply.status(204).send();
  });

  app.get('/api/account/getreferral', notDemo, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(await accounts.createReferral(sessionOf(request).user)),
  );

  app.post('/api/account/verify-referral/:code', emailVerified, async (request): Promise<TokenResponse> => ({
    token: await accounts.verifyReferral(sessionOf(request).user, parseOr400(codeParam, request.params, 'code').code),
  }));

  app.post('/api/account/waitlistme', emailVerified, async (request, reply) => {
    await accounts.joinWaitlist(sessionOf(request).user);
    return reply.status(204).send();
  });

  app.post('/api/account/initial-data', referralOk, async (request): Promise<TokenResponse> => ({
    token: await accounts.initialData(sessionOf(request).user, parseOr400(initialDataRequestSchema, request.body)),
  }));

  app.post('/api/account/changepass', notDemo, async (request, reply) => {
    await accounts.changePassword(sessionOf(request).user, parseOr400(changePasswordRequestSchema, request.body));
    return reply.status(204).send();
  });
}
