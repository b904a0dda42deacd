import type { TokenClaims } from '@kassa/contract';
import { unauthorized } from '../../http/errors.js';
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

/** Login, token checks and refresh. */
export class AuthService {
  // Compared against when the e-mail is unknown, so both paths cost one argon2 verification.
  private readonly dummyHash: Promise<string> = hashPassword('not-a-real-password');

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Checks the credentials and returns a fresh token; 401 on any mismatch, 429 (saying when to
   * try again) while the pair is locked or the e-mail's delay runs. Attempts per IP are limited
   * on the route.
   */
  async login(emailInput: string, password: string, ip: string): Promise<string> {
    const email = emailInput.toLowerCase();
    const pair = `${email}|${ip}`;
    const pairState = await this.limits.pairFailures.peek(pair);
    if (pairState.count >= this.limits.maxFailuresPerPair)
      throw limitReached('Too many failed logins', pairState.retryAfterMs);
    const failures = (await this.limits.emailFailures.peek(email)).count;
    const delay = emailDelayMs(failures, this.limits.freeFailuresPerEmail);
    if (delay > 0) {
      const cooldown = await this.limits.emailCooldown(delay).peek(`${email}#${failures}`);
      if (cooldown.count > 0) throw limitReached('Too many failed logins for this account', cooldown.retryAfterMs);
    }

    const user = await this.users.findByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (user === undefined || !ok) {
      await this.limits.pairFailures.hit(pair);
      const count = (await this.limits.emailFailures.hit(email)).count;
      const next = emailDelayMs(count, this.limits.freeFailuresPerEmail);
      if (next > 0) await this.limits.emailCooldown(next).hit(`${email}#${count}`);
      throw unauthorized(WRONG_CREDENTIALS);
    }
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
