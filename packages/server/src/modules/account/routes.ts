import type { UserInfo } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { sessionOf, type RequireUser } from '../auth/guard.js';

export function accountRoutes(app: FastifyInstance, requireUser: RequireUser): void {
  app.get('/api/account/userinfo', { preHandler: requireUser }, (request): UserInfo => {
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
}
