import type { LoginChallenge, LoginResponse, TokenClaims } from '@kassa/contract';
import { badRequest, unauthorized } from '../../http/errors.js';
import { limitReached, type KeyedCounter } from '../../http/rate-limit.js';
import type { User, UsersRepository } from '../users/repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { TokenService } from './tokens.js';

const WRONG_CREDENTIALS = 'Wrong e-mail or password';
/** The longest wait the e-mail-wide delay asks for: long enough to starve a guesser, short for the owner. */
export const MAX_EMAIL_DELAY_MS = 60_000;

/** An authenticated request's identity: the stored user and the claims of the token used. */
export interface Session {
  user: User;
  claims: TokenClaims;
}

/** Who is asking, as the ledger services need it: the id and the main currency (a session's user is one). */
export interface Owner {
  id: number;
  mainCurrency: string | null;
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
  ) {}

  /**
   * Checks the credentials and returns a fresh token, or for a user with two-factor sign-in on a
   * ticket for the code step (auth/login-code); 401 on any mismatch, 429 (saying when to try
   * again) while the pair is locked or the e-mail's delay runs. Attempts per IP are limited on
   * the route.
   */
  async login(emailInput: string, password: string, ip: string): Promise<LoginResponse> {
    const email = emailInput.toLowerCase();
    await this.checkLimits(email, ip);
    const user = await this.users.findByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (user === undefined || !ok) {
      await this.countFailure(email, ip);
      throw unauthorized(WRONG_CREDENTIALS);
    }
    const challenge = await this.secondFactor?.challenge(user);
    if (challenge !== undefined) return challenge;
    return { token: await this.signIn(user) };
  }

  /**
   * The code step of a two-factor login: a ticket from `login` and a code of the app or a
   * recovery code; answers the token `login` would have. Wrong codes count against the same
   * limits as wrong passwords (per e-mail and IP, and per e-mail), so the six digits cannot be
   * walked. 401 for a bad, expired or outdated ticket (log in again), 400 for a wrong code.
   */
  async loginWithCode(ticket: string, code: string, ip: string): Promise<string> {
    const named = await this.secondFactor?.readTicket(ticket);
    const user = named === undefined ? undefined : await this.users.findById(named.userId);
    if (this.secondFactor === undefined || user === undefined || user.tokenVersion !== named?.tokenVersion)
      throw unauthorized('The sign-in has expired; log in again with your password');
    await this.checkLimits(user.email, ip);
    if (!(await this.secondFactor.useCode(user.id, code))) {
      await this.countFailure(user.email, ip);
      throw badRequest('code: is wrong or already used');
    }
    return this.signIn(user);
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

  /** A successful login: recorded, and a fresh token. */
  private async signIn(user: User): Promise<string> {
    await this.users.recordLogin(user.id, this.now());
    return this.tokens.issue(user, this.now());
  }

  /** The session a bearer token stands for; 401 when the token is bad or its user changed. */
  async authenticate(token: string | undefined): Promise<Session> {
    if (token === undefined || token === '') throw unauthorized('Authentication required');
    const claims = await this.tokens.verify(token);
    if (claims === undefined) throw unauthorized('Invalid or expired token');
    const id = Number(claims.sub);
    const user = Number.isSafeInteger(id) ? await this.users.findById(id) : undefined;
    // A password change bumps tokenVersion; tokens issued before it stop working.
    if (user === undefined || user.tokenVersion !== claims.tv) throw unauthorized('Invalid or expired token');
    return { user, claims };
  }

  /** A fresh token for a user as stored now (after a registration step changed their flags). */
  async tokenFor(userId: number): Promise<string> {
    const user = await this.users.findById(userId);
    if (user === undefined) throw unauthorized('Invalid or expired token');
    return this.tokens.issue(user, this.now());
  }

  /** A new token for an authenticated session, carrying the user's current role. */
  refresh(session: Session): Promise<string> {
    return this.tokens.issue(session.user, this.now());
  }
}
