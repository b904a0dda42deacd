import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../http/errors.js';
import type { User } from '../users/repository.js';
import type { AuthService, BrowserSession, ClientInfo, RequestInfo, Session } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser on private routes. */
    session: Session | undefined;
    /** The book the request works on, set by requireUser with the session. */
    book: Book | undefined;
  }
}

/** Where a user stands in a book (issue 34): its owner, or a member's role. */
export type BookStanding = 'owner' | 'editor' | 'viewer';

/**
 * The book a request works on (issue 34): the user's own, or the one the Kassa-Book header
 * names. Its id is the user_id of every row it holds; it is what the ledger services call the
 * owner ({id, mainCurrency}), so routes hand it to them as they handed the user before.
 */
export interface Book {
  id: number;
  ownerId: number;
  /** The owner's main currency, the book's. */
  mainCurrency: string | null;
  standing: BookStanding;
  /** The signed-in user, who enters and changes rows in it. */
  actorId: number;
}

/** Finds the book of an authenticated request, or throws: 404 for a book the user may not open, 403 for a role that may not do this. */
export type BookResolver = (session: Session, request: FastifyRequest) => Promise<Book>;

/** The user's own book: the one whose id is theirs. */
export const ownBook = (user: User): Book => ({
  id: user.id,
  ownerId: user.id,
  mainCurrency: user.mainCurrency,
  standing: 'owner',
  actorId: user.id,
});

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/** Who sent the request: its address (proxies counted, TRUST_PROXY_HOPS) and User-Agent. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

/** The request as the token checks need it: the client, the method and the route's pattern. */
function requestInfo(request: FastifyRequest): RequestInfo {
  return { ...clientOf(request), method: request.method, route: request.routeOptions.url ?? request.url };
}

/** A route preHandler that admits only requests with a valid token. */
export type RequireUser = (request: FastifyRequest) => Promise<void>;

/** How far a user got in registration (spec §4 guard order); each step needs the ones before it. */
export type RegistrationStep = 'signedIn' | 'emailVerified' | 'referralOk' | 'complete';

/**
 * The 403 for a user who has not reached `needed`, naming the first missing step, so a client
 * can send them there; undefined when they have. The web app has its own guard, but the server
 * must not rely on it: a script with a fresh sign-up's token could otherwise use the ledger.
 */
export function registrationGap(user: User, needed: RegistrationStep): AppError | undefined {
  if (needed === 'signedIn') return undefined;
  if (!user.emailVerified) return new AppError(403, 'email_not_verified', 'Verify your e-mail address first');
  if (needed === 'emailVerified') return undefined;
  if (!user.referralOk)
    return new AppError(403, 'referral_required', 'Enter a referral code first, or join the waitlist');
  if (needed === 'referralOk') return undefined;
  if (!user.regComplete) return new AppError(403, 'registration_incomplete', 'Complete your registration first');
  return undefined;
}

/**
 * A preHandler that admits only requests with a valid token of a user who reached `needed`,
 * and records their session. Private routes use 'complete'; only the registration steps'
 * own routes ask for less.
 */
export function makeRequireUser(
  auth: AuthService,
  needed: RegistrationStep = 'complete',
  resolveBook: BookResolver = (session) => Promise.resolve(ownBook(session.user)),
): RequireUser {
  return async (request: FastifyRequest): Promise<void> => {
    const session = await auth.authenticate(bearerToken(request), requestInfo(request));
    const gap = registrationGap(session.user, needed);
    if (gap !== undefined) throw gap;
    request.book = await resolveBook(session, request);
    request.session = session;
  };
}

/** The book of a request that passed requireUser. */
export function bookOf(request: FastifyRequest): Book {
  if (request.book === undefined) throw unauthorized();
  return request.book;
}

/** The session of a request that passed requireUser. */
export function sessionOf(request: FastifyRequest): Session {
  if (request.session === undefined) throw unauthorized();
  return request.session;
}

/** The session of a request that signed in with a session JWT; 403 for an API token. */
export function browserSessionOf(request: FastifyRequest): BrowserSession {
  const session = sessionOf(request);
  if (session.kind !== 'session') throw apiTokenRefused();
  return session;
}

const apiTokenRefused = () =>
  new AppError(
    403,
    'forbidden',
    'An API token cannot manage sign-in credentials (tokens, sessions, password, two-factor); sign in to the web app',
  );

/**
 * A preHandler, after requireUser, for credentials (API tokens, sessions, the password, two-factor
 * sign-in): only a signed-in browser session may manage them, never an API token.
 */
export const denyApiTokens: RequireUser = (request) =>
  sessionOf(request).kind === 'session' ? Promise.resolve() : Promise.reject(apiTokenRefused());

/**
 * A preHandler for changes the demo user may not make (account-level changes, DESIGN §7).
 * Runs after requireUser; answers 403 {type: "demo"}, which the web shows as "Not allowed for demo user".
 */
export const denyDemo: RequireUser = (request) => {
  if (sessionOf(request).user.role === 'DEMO') {
    return Promise.reject(new AppError(403, 'demo', 'Not allowed for the demo user'));
  }
  return Promise.resolve();
};

/** One preHandler per registration step, for routes that must admit users part-way through. */
export type StepGuards = Record<RegistrationStep, RequireUser>;

export function makeStepGuards(auth: AuthService, resolveBook?: BookResolver): StepGuards {
  return {
    signedIn: makeRequireUser(auth, 'signedIn', resolveBook),
    emailVerified: makeRequireUser(auth, 'emailVerified', resolveBook),
    referralOk: makeRequireUser(auth, 'referralOk', resolveBook),
    complete: makeRequireUser(auth, 'complete', resolveBook),
  };
}
