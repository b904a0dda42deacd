import { tokenResponseSchema, type TokenResponse } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import type { DemoConfig } from '../../config.js';
import { docs } from '../../http/openapi.js';
import { perIpLimit } from '../../http/rate-limit.js';
import { clientOf } from '../auth/guard.js';
import type { AuthService } from '../auth/service.js';
import type { DemoService } from './service.js';

const HOUR_MS = 3_600_000;

/**
 * POST auth/demo-login: "Try the demo!". No credentials: each call makes a demo visitor of its
 * own with the sample books and answers the token of its session. Limited per IP, since each
 * call writes a user's worth of books and a new visitor past the cap removes the oldest.
 */
export function demoRoutes(app: FastifyInstance, demo: DemoService, auth: AuthService, config: DemoConfig): void {
  const doc = docs('Auth');
  app.post(
    '/api/auth/demo-login',
    {
      ...perIpLimit(config.maxPerIpPerHour, HOUR_MS, 'Too many demo logins from this address'),
      schema: doc({
        summary: 'Try the demo: a demo user of your own with sample books, kept for a day',
        response: tokenResponseSchema,
        public: true,
      }),
    },
    async (request): Promise<TokenResponse> => {
      const userId = await demo.createVisitor();
      return { token: await auth.demoSession(userId, clientOf(request)) };
    },
  );
}
