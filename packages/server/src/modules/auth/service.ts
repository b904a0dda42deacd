import {
  API_TOKEN_PREFIX,
  type ApiTokenScope,
  type LoginChallenge,
  type LoginResponse,
  type SecurityEventKind,
} from '@kassa/contract';
import { AppError, badRequest, unauthorized } from '../../http/errors.js';
import { limitReached, type KeyedCounter } from '../../http/rate-limit.js';
import type { User, UsersRepository } from '../users/repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionClaims, TokenService } from './tokens.js';

const WRONG_CREDENTIALS = 'Wrong e-mail or password';
/** A user an admin disabled (issue 22): no sign-in, and every token of theirs answers 401. */
const DISABLED = 'This account has been disabled by an administrator';
/** The longest wait the e-mail-wide delay asks for: long enough to starve a guesser, short for the owner. */
export const MAX_EMAIL_DELAY_MS = 60_000;

/**
 * An authenticated request's identity: the stored user, and what it signed in with — a session
 * JWT (the browser) or a personal API token (scripts; never for credentials).
 */
export type Session = BrowserSession | ApiTokenSession;

/** A request with a session JWT: its claims, and the signed-in session it belongs to. */
export interface BrowserSession {
  kind: 'session';
  user: User;
  claims: SessionClaims;
  /** The signed-in session (sessions table); undefined only where no session store is wired in (tools, unit tests). */
  sessionId: number | undefined;
}

/** A request with a personal API token. */
export interface ApiTokenSession {
  kind: 'api-token';
  user: User;
  tokenId: number;
  /** The book it was made in, the only one it opens (issue 34). */
  bookId: number;
  scope: ApiTokenScope;
}

/** Who made a request: its address and User-Agent, for sessions and the security log. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** A request as the token checks need it: the client, the method and the route's pattern ("/api/x/:id"). */
export interface RequestInfo extends ClientInfo {
  method: string;
  route: string;
}

/**
 * The signed-in sessions, one per sign-in on a device. The security module implements it (as it
 * does ApiTokenAuthority and SecurityLog); auth only knows these shapes, so no cycle forms.
 */
export interface SessionStore {
  /** Starts a session for a sign-in; answers its id, which the session's JWTs carry. */
  start(userId: number, client: ClientInfo): Promise<number>;
  /**
   * The user (undefined when there is none) and whether their session is live, read together;
   * records when and where a live one was last seen, at most once a minute.
   */
  userOfSession(
    sessionId: number,
    userId: number,
    client: ClientInfo,
  ): Promise<{ user: User; live: boolean } | undefined>;
  /** Ends every session of the user (a password change); how many ended. */
  endAll(userId: number): Promise<number>;
}

/** What a live personal API token stands for. */
export interface ApiTokenGrant {
  userId: number;
  tokenId: number;
  bookId: number;
  scope: ApiTokenScope;
}

/** Personal API tokens as authentication needs them. */
export interface ApiTokenAuthority {
  /** The grant of a live token (known, unexpired; revoked ones are gone); undefined for anything else. Records its use. */
  verify(token: string): Promise<ApiTokenGrant | undefined>;
  /** Throws 403 when the grant's scope does not admit the request, 429 past the token's request limit. */
  admit(grant: ApiTokenGrant, request: RequestInfo): Promise<void>;
}

/** The per-user security log: sign-ins, failed sign-ins and credential changes. */
export interface SecurityLog {
  record(userId: number, kind: SecurityEventKind, details?: { client?: ClientInfo; detail?: string }): Promise<void>;
}

/** Sessions, API tokens and the security log, as app.ts wires them into auth. */
export interface AuthSecurity {
  sessions: SessionStore;
  apiTokens: ApiTokenAuthority;
  log: SecurityLog;
}

/** Who is asking, as the ledger services need it: the id and the main currency (a session's user is one). */
export interface Owner {
  id: number;
  mainCurrency: string | null;
  /** Who acts in the book (issue 34): a member of a shared one; absent, its founder (the CLI, jobs). */
  actorId?: number;
}

/**
 * Failed-login counting. Per (e-mail, IP) pair a wall: a guesser stops at `maxFailuresPerPair`
 * for the window. Per e-mail only a growing delay after `freeFailuresPerEmail`: guessers spread
 * over many IPs are slowed to one try a minute, while the owner elsewhere waits seconds, never
 * the whole window (a wall per e-mail let any stranger lock the owner out).
 */
export interface LoginLimits {
  pairFailures: KeyedCounter;
  emailFailures: KeyedCounter;
  /** Keyed by e-mail and failure count: one short window after each failure past the free ones. */
  emailCooldown: (delayMs: number) => KeyedCounter;
  maxFailuresPerPair: number;
  freeFailuresPerEmail: number;
}

/** The wait after the n-th failure of an e-mail: none for the free ones, then 1 s, 2 s, 4 s … 60 s. */
export function emailDelayMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_EMAIL_DELAY_MS, 1000 * 2 ** Math.min(failures - free, 16));
}

/**
 * The second step of login for users with two-factor sign-in on. The two-factor module
 * implements it; auth only knows this shape, so the modules stay free of a cycle.
 */
export interface SecondFactor {
  /** A ticket for the code step when the user has two-factor sign-in on; undefined when the password is enough. */
  challenge(user: User): Promise<LoginChallenge | undefined>;
  /** The user and token version a genuine, unexpired ticket names; undefined for anything else. */
  readTicket(ticket: string): Promise<{ userId: number; tokenVersion: number } | undefined>;
  /** Checks a code of the app or a recovery code and uses it up; false when wrong or already used. */
  useCode(userId: number, code: string): Promise<boolean>;
}

/** Login, token checks and refresh. */
export class AuthService {
  // Compared against when the e-mail is unknown, so both paths cost one argon2 verification.
  private readonly dummyHash: Promise<string> = hashPassword('not-a-real-password');

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
    /** Absent: nobody is asked for a code (tools that sign in without the two-factor module). */
    private readonly secondFactor?: SecondFactor,
    /** Absent: tokens carry no session, no API token is accepted and nothing is logged (tools, unit tests). */
    private readonly security?: AuthSecurity,
  ) {}

  /**
   * Checks the credentials and returns a fresh token, or for a user with two-factor sign-in on a
   * ticket for the code step (auth/login-code); 401 on any mismatch, 429 (saying when to try
   * again) while the pair is locked or the e-mail's delay runs. Attempts per IP are limited on
   * the route.
   */
  async login(emailInput: string, password: string, client: ClientInfo): Promise<LoginResponse> {
    const email = emailInput.toLowerCase();
    const { ip } = client;
    await this.checkLimits(email, ip);
    const user = await this.users.findByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (user === undefined || !ok) {
      await this.countFailure(email, ip);
      // Logged for the owner of an existing account only: unknown e-mails leave no trace.
      if (user !== undefined)
        await this.security?.log.record(user.id, 'sign-in-failed', { client, detail: 'wrong password' });
      throw unauthorized(WRONG_CREDENTIALS);
    }
    const challenge = await this.secondFactor?.challenge(user);
    if (challenge !== undefined) return challenge;
    return { token: await this.signIn(user, client, 'password') };
  }

  /**
   * The code step of a two-factor login: a ticket from `login` and a code of the app or a
   * recovery code; answers the token `login` would have. Wrong codes count against the same
   * limits as wrong passwords (per e-mail and IP, and per e-mail), so the six digits cannot be
   * walked. 401 for a bad, expired or outdated ticket (log in again), 400 for a wrong code.
   */
  async loginWithCode(ticket: string, code: string, client: ClientInfo): Promise<string> {
    const { ip } = client;
    const named = await this.secondFactor?.readTicket(ticket);
    const user = named === undefined ? undefined : await this.users.findById(named.userId);
    if (this.secondFactor === undefined || user === undefined || user.tokenVersion !== named?.tokenVersion)
      throw unauthorized('The sign-in has expired; log in again with your password');
    await this.checkLimits(user.email, ip);
    if (!(await this.secondFactor.useCode(user.id, code))) {
      await this.countFailure(user.email, ip);
      await this.security?.log.record(user.id, 'sign-in-failed', { client, detail: 'wrong two-factor code' });
      throw badRequest('code: is wrong or already used');
    }
    return this.signIn(user, client, 'password and two-factor code');
  }

  /** 429 while the (e-mail, IP) pair is locked or the e-mail's delay runs; peeks only, so it costs no argon2. */
  private async checkLimits(email: string, ip: string): Promise<void> {
    const pairState = await this.limits.pairFailures.peek(`${email}|${ip}`);
    if (pairState.count >= this.limits.maxFailuresPerPair)
      throw limitReached('Too many failed logins', pairState.retryAfterMs);
    const failures = (await this.limits.emailFailures.peek(email)).count;
    const delay = emailDelayMs(failures, this.limits.freeFailuresPerEmail);
    if (delay > 0) {
      const cooldown = await this.limits.emailCooldown(delay).peek(`${email}#${failures}`);
      if (cooldown.count > 0) throw limitReached('Too many failed logins for this account', cooldown.retryAfterMs);
    }
  }

  /** Counts a failed login (a wrong password or code) for the pair and the e-mail, starting the e-mail's next delay. */
  private async countFailure(email: string, ip: string): Promise<void> {
    await this.limits.pairFailures.hit(`${email}|${ip}`);
    const count = (await this.limits.emailFailures.hit(email)).count;
    const next = emailDelayMs(count, this.limits.freeFailuresPerEmail);
    if (next > 0) await this.limits.emailCooldown(next).hit(`${email}#${count}`);
  }

  /** A successful login: recorded, a new signed-in session, logged, and a fresh token of that session. */
  private async signIn(user: User, client: ClientInfo, how: string): Promise<string> {
    // Only after the password (or code) checked out, so the answer tells a stranger nothing.
    if (user.disabledAt !== null) throw new AppError(403, 'account_disabled', DISABLED);
    await this.users.recordLogin(user.id, this.now());
    const sessionId = await this.security?.sessions.start(user.id, client);
    await this.security?.log.record(user.id, 'sign-in', { client, detail: how });
    return this.tokens.issue(user, this.now(), sessionId);
  }

  /**
   * The session a bearer token stands for: a session JWT whose user and signed-in session are
   * still there, or a live personal API token whose scope admits the request. 401 when the token
   * is bad, its user changed (password) or its session ended; 403/429 from the API token's checks.
   */
  async authenticate(token: string | undefined, request: RequestInfo): Promise<Session> {
    if (token === undefined || token === '') throw unauthorized('Authentication required');
    if (this.security !== undefined && token.startsWith(API_TOKEN_PREFIX)) {
      const grant = await this.security.apiTokens.verify(token);
      const owner = grant === undefined ? undefined : await this.users.findById(grant.userId);
      if (grant === undefined || owner === undefined) throw unauthorized('Invalid, expired or revoked API token');
      // A disabled user's tokens stop at once (and work again if an admin enables them).
      if (owner.disabledAt !== null) throw unauthorized(DISABLED);
      await this.security.apiTokens.admit(grant, request);
      return { kind: 'api-token', user: owner, tokenId: grant.tokenId, bookId: grant.bookId, scope: grant.scope };
    }
    const claims = await this.tokens.verify(token);
    if (claims === undefined) throw unauthorized('Invalid or expired token');
    const id = Number(claims.sub);
    const sid = claims.sid;
    let user: User | undefined;
    let live = false;
    if (!Number.isSafeInteger(id)) user = undefined;
    else if (this.security !== undefined && sid !== undefined) {
      // The user and their session in one statement: every request asks.
      const found = await this.security.sessions.userOfSession(sid, id, request);
      user = found?.user;
      live = found?.live === true;
    } else user = await this.users.findById(id);
    // A password change bumps tokenVersion; tokens issued before it stop working.
    if (user === undefined || user.tokenVersion !== claims.tv) throw unauthorized('Invalid or expired token');
    if (user.disabledAt !== null) throw unauthorized(DISABLED);
    // Ending a session (or a password change, which ends them all) ends its tokens at once.
    if (this.security !== undefined && !live) throw unauthorized('Your session has ended; log in again');
    return { kind: 'session', user, claims, sessionId: sid };
  }

  /**
   * A signed-in session for a user who just signed up (sign-up signs them in): a session, logged
   * as a sign-in, and its token.
   */
  signUpSession(userId: number, client: ClientInfo = { ip: 'unknown', userAgent: undefined }): Promise<string> {
    return this.sessionOf(userId, client, 'sign-up');
  }

  /** A signed-in session for a demo visitor just made (auth/demo-login): a session, logged, and its token. */
  demoSession(userId: number, client: ClientInfo): Promise<string> {
    return this.sessionOf(userId, client, 'demo');
  }

  /** A session, logged as a sign-in `how`, and its token, for a user made just now. */
  private async sessionOf(userId: number, client: ClientInfo, how: string): Promise<string> {
    const user = await this.users.findById(userId);
    if (user === undefined) throw unauthorized('Invalid or expired token');
    const sessionId = await this.security?.sessions.start(user.id, client);
    await this.security?.log.record(user.id, 'sign-in', { client, detail: how });
    return this.tokens.issue(user, this.now(), sessionId);
  }

  /** A fresh token of the same signed-in session for a user as stored now (after a registration step changed their flags). */
  async tokenFor(userId: number, sessionId?: number): Promise<string> {
    const user = await this.users.findById(userId);
    if (user === undefined) throw unauthorized('Invalid or expired token');
    return this.tokens.issue(user, this.now(), sessionId);
  }

  /** A new token of the same signed-in session, carrying the user's current role. */
  refresh(session: BrowserSession): Promise<string> {
    return this.tokens.issue(session.user, this.now(), session.sessionId);
  }

  /**
   * After a password change or a reset by mailed link (either voided every token): the signed-in
   * sessions end too, and it is logged as what it was.
   */
  async passwordChanged(
    userId: number,
    client?: ClientInfo,
    how: 'password-changed' | 'password-reset' = 'password-changed',
  ): Promise<void> {
    await this.security?.sessions.endAll(userId);
    await this.security?.log.record(userId, how, client === undefined ? {} : { client });
  }
}
