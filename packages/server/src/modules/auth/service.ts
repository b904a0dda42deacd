import type { TokenClaims } from '@kassa/contract';
import { tooManyRequests, unauthorized } from '../../http/errors.js';
import type { User, UsersRepository } from '../users/repository.js';
import type { AttemptLimiter } from './login-limiter.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { TokenService } from './tokens.js';

const WRONG_CREDENTIALS = 'Wrong e-mail or password';

/** An authenticated request's identity: the stored user and the claims of the token used. */
export interface Session {
  user: User;
  claims: TokenClaims;
}

/** Login, token checks and refresh. */
export class AuthService {
  // Compared against when the e-mail is unknown, so both paths cost one argon2 verification.
  private readonly dummyHash: Promise<string> = hashPassword('not-a-real-password');

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    private readonly limits: { perIp: AttemptLimiter; failuresPerEmail: AttemptLimiter },
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks the credentials and returns a fresh token; 401 on any mismatch, 429 when throttled. */
  async login(emailInput: string, password: string, ip: string): Promise<string> {
    const email = emailInput.toLowerCase();
    const wait = Math.max(
      this.limits.perIp.retryAfterSeconds(ip),
      this.limits.failuresPerEmail.retryAfterSeconds(email),
    );
    if (wait > 0) throw tooManyRequests(wait, `Too many login attempts; try again in ${wait} seconds`);
    this.limits.perIp.hit(ip);
    // Counted before the slow verification, so parallel guesses cannot all slip under the limit;
    // a success clears it again.
    this.limits.failuresPerEmail.hit(email);

    const user = await this.users.findByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (user === undefined || !ok) throw unauthorized(WRONG_CREDENTIALS);
    this.limits.failuresPerEmail.reset(email);
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
