import {
  API_TOKEN_PREFIX,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  resetPasswordRequestSchema,
  initialDataRequestSchema,
  onboardingResponseSchema,
  preferencesRequestSchema,
  preferencesSchema,
  signupRequestSchema,
  tokenResponseSchema,
  userInfoSchema,
  type ForgotPasswordResponse,
  type OnboardingResponse,
  type Preferences,
  type TokenResponse,
  type UserInfo,
} from '@kassa/contract';
import type { FastifyInstance, FastifyRequest, onErrorHookHandler } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { perIpLimit } from '../../http/rate-limit.js';
import { parseOr400 } from '../../http/validate.js';
import { AppError } from '../../http/errors.js';
import type { RegistrationService } from './service.js';
import type { PasswordResetService } from './password-reset.js';
import {
  bearerToken,
  browserSessionOf,
  clientOf,
  denyApiTokens,
  denyDemo,
  sessionOf,
  type StepGuards,
} from '../auth/guard.js';
import { docs } from '../../http/openapi.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work a route runs after its answer (reset links and mails): tests and shutdown wait for it. */
    afterAnswers: { settled(maxMs?: number): Promise<void> };
  }
}

/** How long shutdown waits for reset mails still being sent after their answer. */
const MAIL_SHUTDOWN_WAIT_MS = 10_000;

/**
 * Logs why a 503 of these routes happened (the mail server's answer, say): the client gets only
 * the message, and the error handler logs no AppError.
 */
const logCause: onErrorHookHandler = (request, _reply, error, done) => {
  if (error instanceof AppError && error.cause !== undefined) request.log.error({ err: error.cause }, error.message);
  done();
};

const codeParam = z.object({ code: z.string().trim().min(1, 'is required').max(64) });

const doc = docs('Account');

/** The rate limits and guards of the account routes, by the step a route belongs to. */
function accountRouteOptions(guards: StepGuards, limits: Config['accountLimits']) {
  // Each sign-up and resend sends a mail; codes are guessed one request at a time.
  const HOUR = 3_600_000;
  return {
    signups: perIpLimit(limits.signupsPerIpPerHour, HOUR, 'Too many sign-ups from this address'),
    resends: perIpLimit(limits.signupsPerIpPerHour, HOUR, 'Too many mails asked for from this address'),
    codeChecks: perIpLimit(limits.codeChecksPerIp, limits.windowMs, 'Too many codes tried from this address'),
    // Each registration step admits the users who reached it (spec §4 order); the rest need all.
    signedIn: { preHandler: guards.signedIn },
    emailVerified: { preHandler: [guards.emailVerified, denyDemo] },
    referralOk: { preHandler: [guards.referralOk, denyDemo] },
    complete: { preHandler: guards.complete },
    // Account-level changes the demo user may not make (DESIGN §7).
    notDemo: { preHandler: [guards.complete, denyDemo] },
    // Credentials: a signed-in browser session only, never an API token.
    credentials: { preHandler: [guards.complete, denyApiTokens, denyDemo] },
  };
}

type AccountRouteOptions = ReturnType<typeof accountRouteOptions>;

export function accountRoutes(
  app: FastifyInstance,
  registration: RegistrationService,
  guards: StepGuards,
  limits: Config['accountLimits'],
): void {
  const opts = accountRouteOptions(guards, limits);
  userInfoRoute(app, opts);
  preferencesRoute(app, registration, opts);
  emailStepRoutes(app, registration, opts);
  referralStepRoutes(app, registration, opts);
  completionRoutes(app, registration, opts);
  passwordChangeRoute(app, registration, opts);
}

function userInfoRoute(app: FastifyInstance, { signedIn }: AccountRouteOptions): void {
  app.get(
    '/api/account/userinfo',
    { ...signedIn, schema: doc({ summary: 'The signed-in user', response: userInfoSchema }) },
    (request): UserInfo => {
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
        ...user.preferences,
      };
    },
  );
}

/** Language and display formats (issue 36): any signed-in person's own, whichever book they work on. */
function preferencesRoute(app: FastifyInstance, registration: RegistrationService, { signedIn }: AccountRouteOptions) {
  app.post(
    '/api/account/preferences',
    {
      ...signedIn,
      schema: doc({
        summary: 'Set the language and the number and date formats; answers all three',
        body: preferencesRequestSchema,
        response: preferencesSchema,
      }),
    },
    (request): Promise<Preferences> =>
      registration.setPreferences(sessionOf(request).user, parseOr400(preferencesRequestSchema, request.body)),
  );
}

/** Sign-up and the e-mail step: the mailed code checked, or mailed again. */
function emailStepRoutes(
  app: FastifyInstance,
  registration: RegistrationService,
  { signups, resends, codeChecks, signedIn }: AccountRouteOptions,
): void {
  app.post(
    '/api/account/signup',
    {
      ...signups,
      onError: logCause,
      schema: doc({
        summary: 'Sign up; the token admits the e-mail verification step',
        body: signupRequestSchema,
        response: tokenResponseSchema,
        public: true,
      }),
    },
    async (request): Promise<TokenResponse> => ({
      token: await registration.signup(parseOr400(signupRequestSchema, request.body), clientOf(request)),
    }),
  );

  app.post(
    '/api/account/verify-email/:code',
    {
      ...codeChecks,
      ...signedIn,
      schema: doc({
        summary: 'Verify the e-mail address with the mailed code',
        params: codeParam,
        response: tokenResponseSchema,
      }),
    },
    async (request): Promise<TokenResponse> => ({
      token: await registration.verifyEmail(
        sessionOf(request).user,
        parseOr400(codeParam, request.params, 'code').code,
        browserSessionOf(request).sessionId,
      ),
    }),
  );

  app.post(
    '/api/account/resend-email',
    {
      ...resends,
      ...signedIn,
      onError: logCause,
      schema: doc({ summary: 'Mail a new verification code', response: 'none' }),
    },
    async (request, reply) => {
      await registration.resendEmail(sessionOf(request).user);
      return reply.status(204).send();
    },
  );
}

/** Referral codes: one given away by a registered user, one entered at the referral step, or the waitlist instead. */
function referralStepRoutes(
  app: FastifyInstance,
  registration: RegistrationService,
  { codeChecks, emailVerified, notDemo }: AccountRouteOptions,
): void {
  app.get(
    '/api/account/getreferral',
    {
      ...notDemo,
      schema: doc({
        summary: 'A referral code to give away (text)',
        response: { files: { 'text/plain': z.string() }, description: 'The code, as text' },
      }),
    },
    async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(await registration.createReferral(sessionOf(request).user)),
  );

  app.post(
    '/api/account/verify-referral/:code',
    {
      ...codeChecks,
      ...emailVerified,
      schema: doc({ summary: 'Enter a referral code', params: codeParam, response: tokenResponseSchema }),
    },
    async (request): Promise<TokenResponse> => ({
      token: await registration.verifyReferral(
        sessionOf(request).user,
        parseOr400(codeParam, request.params, 'code').code,
        browserSessionOf(request).sessionId,
      ),
    }),
  );

  app.post(
    '/api/account/waitlistme',
    {
      ...emailVerified,
      schema: doc({ summary: 'Join the waitlist instead of entering a referral code', response: 'none' }),
    },
    async (request, reply) => {
      await registration.joinWaitlist(sessionOf(request).user);
      return reply.status(204).send();
    },
  );
}

/** The last step (name, main currency, pockets) and the first steps after it. */
function completionRoutes(
  app: FastifyInstance,
  registration: RegistrationService,
  { referralOk, complete }: AccountRouteOptions,
): void {
  app.post(
    '/api/account/initial-data',
    {
      ...referralOk,
      schema: doc({
        summary: 'Complete registration: name, main currency, pockets',
        body: initialDataRequestSchema,
        response: tokenResponseSchema,
      }),
    },
    async (request): Promise<TokenResponse> => ({
      token: await registration.initialData(
        sessionOf(request).user,
        parseOr400(initialDataRequestSchema, request.body),
        browserSessionOf(request).sessionId,
      ),
    }),
  );

  app.get(
    '/api/account/onboarding',
    {
      ...complete,
      schema: doc({
        summary: "The dashboard's onboarding checklist: which first steps the user's data shows done",
        response: onboardingResponseSchema,
      }),
    },
    (request): Promise<OnboardingResponse> => registration.onboarding(sessionOf(request).user),
  );
}

function passwordChangeRoute(
  app: FastifyInstance,
  registration: RegistrationService,
  { credentials }: AccountRouteOptions,
): void {
  app.post(
    '/api/account/changepass',
    {
      ...credentials,
      schema: doc({ summary: 'Change the password', body: changePasswordRequestSchema, response: 'none' }),
    },
    async (request, reply) => {
      await registration.changePassword(
        sessionOf(request).user,
        parseOr400(changePasswordRequestSchema, request.body),
        clientOf(request),
      );
      return reply.status(204).send();
    },
  );
}

/**
 * Sign-in credentials are a browser's (modules/security/scope.ts): a request that brings a
 * personal API token is refused, as every auth/* route refuses it, even where no sign-in is needed.
 */
const refuseApiTokens = (request: FastifyRequest): Promise<void> =>
  bearerToken(request)?.startsWith(API_TOKEN_PREFIX) === true
    ? Promise.reject(
        new AppError(
          403,
          'forbidden',
          'An API token cannot sign in or manage credentials (tokens, sessions, password, two-factor); use the web app',
        ),
      )
    : Promise.resolve();

/**
 * Forgotten password (docs/DECISIONS.md): public routes under auth/. Mails asked for are limited
 * per IP here and per address in the service; reset links tried per IP like other mailed codes.
 */
export function passwordResetRoutes(
  app: FastifyInstance,
  resets: PasswordResetService,
  limits: { resets: Config['passwordResetLimits']; codes: Config['accountLimits'] },
): void {
  const doc = docs('Auth');
  const HOUR = 3_600_000;
  const mails = perIpLimit(limits.resets.perIpPerHour, HOUR, 'Too many reset mails asked for from this address');
  const links = perIpLimit(
    limits.codes.codeChecksPerIp,
    limits.codes.windowMs,
    'Too many reset links tried from this address',
  );

  // The links and mails asked for just before shutdown are stored and sent before the database closes.
  app.addHook('preClose', () => resets.settled(MAIL_SHUTDOWN_WAIT_MS));
  app.decorate('afterAnswers', { settled: (maxMs?: number) => resets.settled(maxMs) });
  app.post(
    '/api/auth/forgot-password',
    {
      ...mails,
      preHandler: refuseApiTokens,
      schema: doc({
        summary: 'Mail a single-use password-reset link (the same answer whether or not the address has an account)',
        body: forgotPasswordRequestSchema,
        response: forgotPasswordResponseSchema,
        public: true,
      }),
    },
    async (request): Promise<ForgotPasswordResponse> =>
      resets.forgot(parseOr400(forgotPasswordRequestSchema, request.body).email),
  );

  app.post(
    '/api/auth/reset-password',
    {
      ...links,
      preHandler: refuseApiTokens,
      schema: doc({
        summary: 'Set a new password with the token of a mailed reset link; ends every session',
        body: resetPasswordRequestSchema,
        response: 'none',
        public: true,
      }),
    },
    async (request, reply) => {
      await resets.reset(parseOr400(resetPasswordRequestSchema, request.body), clientOf(request));
      return reply.status(204).send();
    },
  );
}
