import {
  loginCodeRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  tokenResponseSchema,
  verifyTokenResponseSchema,
  type LoginResponse,
  type TokenResponse,
  type VerifyTokenResponse,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { perIpLimit } from '../../http/rate-limit.js';
import { parseOr400 } from '../../http/validate.js';
import type { AuthService } from './service.js';
import { browserSessionOf, clientOf, type StepGuards } from './guard.js';
import { docs } from '../../http/openapi.js';

export function authRoutes(
  app: FastifyInstance,
  auth: AuthService,
  guards: StepGuards,
  limits: Config['loginLimits'],
): void {
  const doc = docs('Auth');
  // The registration steps renew tokens and check them, so these admit any signed-in user.
  const requireUser = guards.signedIn;
  const perIp = perIpLimit(limits.maxPerIp, limits.windowMs, 'Too many login attempts from this address');
  app.post(
    '/api/auth/login',
    {
      ...perIp,
      schema: doc({
        summary: 'Log in: a token, or a ticket for the two-factor code step',
        body: loginRequestSchema,
        response: loginResponseSchema,
        public: true,
      }),
    },
    async (request): Promise<LoginResponse> => {
      const body = parseOr400(loginRequestSchema, request.body);
      return auth.login(body.email, body.password, clientOf(request));
    },
  );

  // The code step of a two-factor login; its own attempts per IP, on top of the login limits.
  app.post(
    '/api/auth/login-code',
    {
      ...perIp,
      schema: doc({
        summary: 'The code step of a two-factor login',
        body: loginCodeRequestSchema,
        response: tokenResponseSchema,
        public: true,
      }),
    },
    async (request): Promise<TokenResponse> => {
      const body = parseOr400(loginCodeRequestSchema, request.body);
      return { token: await auth.loginWithCode(body.ticket, body.code, clientOf(request)) };
    },
  );

  app.get(
    '/api/auth/verify-token',
    { preHandler: requireUser, schema: doc({ summary: 'Check the token', response: verifyTokenResponseSchema }) },
    (request): VerifyTokenResponse => {
      const { claims } = browserSessionOf(request);
      return { valid: true, role: claims.role, expiresAt: new Date(claims.exp * 1000).toISOString() };
    },
  );

  app.get(
    '/api/auth/refresh-token',
    { preHandler: requireUser, schema: doc({ summary: 'A renewed token', response: tokenResponseSchema }) },
    async (request): Promise<TokenResponse> => ({
      token: await auth.refresh(browserSessionOf(request)),
    }),
  );
}
