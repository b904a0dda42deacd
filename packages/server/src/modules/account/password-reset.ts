import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES, type ForgotPasswordResponse, type ResetPasswordRequest } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import { limitReached, type KeyedCounter } from '../../http/rate-limit.js';
import { hashPassword } from '../auth/passwords.js';
import type { AuthService, ClientInfo } from '../auth/service.js';
import type { Mailer } from '../mail/mailer.js';
import { mailOf, mailTexts } from '../mail/texts/index.js';
import { UsersRepository, type User } from '../users/repository.js';
import { PasswordResetsRepository } from './repository.js';

/** How long a mailed reset link works. */
export const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

/** The one answer of auth/forgot-password, whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this address, we sent a link to reset its password. The link works once, for 30 minutes.';

/** The refusal of every token that does not (or no longer) work: unknown, used, voided or expired. */
export const INVALID_RESET_LINK = 'token: this link is invalid, expired or already used; ask for a new one';

/** 256 random bits: far beyond guessing, so a plain SHA-256 is a safe way to keep it (as API tokens). */
const TOKEN_BYTES = 32;

/** The hex SHA-256 of a link's token: what the database keeps and looks links up by. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Reset mails per e-mail address (PASSWORD_RESET_MAX_PER_EMAIL per hour), counted in the rate-limit store. */
export interface PasswordResetLimits {
  requestsPerEmail: KeyedCounter;
  maxPerEmail: number;
}

/**
 * Forgotten password (docs/DECISIONS.md): a mailed single-use link valid 30 minutes, and the
 * reset it allows, which ends every earlier session, token and link of the user.
 */
export class PasswordResetService {
  private readonly users: UsersRepository;
  private readonly resets: PasswordResetsRepository;
  /** Links being stored and mailed after their answer went out. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'mail'>,
    private readonly limits: PasswordResetLimits,
    /** Where a mail that could not be sent is reported: the answer has already gone. */
    private readonly logFailure: (obj: object, msg: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.users = new UsersRepository(db);
    this.resets = new PasswordResetsRepository(db);
  }

  /**
   * Mails a reset link when the address belongs to an account (not the demo's), and answers the
   * same either way, in the same time (issue 31: the time told 75 % of guesses right). Requests
   * are counted per address whether or not it has an account, so a 429 tells nothing either.
   * Every address costs the same lookup, token and hash; storing the link and the mail, which only
   * a known address needs, run after the answer (`settled` waits for them).
   */
  async forgot(emailInput: string): Promise<ForgotPasswordResponse> {
    const email = emailInput.toLowerCase();
    const counted = await this.limits.requestsPerEmail.peek(email);
    if (counted.count >= this.limits.maxPerEmail)
      throw limitReached('Too many reset mails asked for this address', counted.retryAfterMs);
    await this.limits.requestsPerEmail.hit(email);
    const user = await this.users.findByEmail(email);
    // Made for an unknown address too, and thrown away: what it costs must not tell the two apart.
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const tokenHash = hashResetToken(token);
    // The demo's password is the shared demo login: nobody may change it.
    if (user !== undefined && user.role !== 'DEMO')
      this.afterAnswer(user.email, () => this.mailLink(user, token, tokenHash));
    return { message: FORGOT_PASSWORD_ANSWER };
  }

  /** Stores the link (by its hash) and mails it. */
  private async mailLink(user: User, token: string, tokenHash: string): Promise<void> {
    const at = this.now();
    await this.resets.pruneExpired(user.id, at);
    await this.resets.insert(user.id, tokenHash, at, at + PASSWORD_RESET_TTL_MS);
    const link = `${this.config.mail.publicUrl}/public/reset-password?token=${token}`;
    const words = mailTexts(user.preferences.language).passwordReset({ link, minutes: PASSWORD_RESET_TTL_MINUTES });
    await this.mailer.send(mailOf(user.email, words));
  }

  /**
   * Runs `work` after the answer (setImmediate waits out the microtasks in which fastify sends
   * it), so neither its time nor its failure reaches the client: a failure is logged.
   */
  private afterAnswer(to: string, work: () => Promise<void>): void {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) =>
        this.logFailure({ to, error: String(err) }, 'password reset link could not be stored or mailed'),
      )
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /**
   * Resolves once the links and mails asked for so far are stored and sent (or their failure
   * logged), or after `maxMs`: shutdown waits here before it closes the database under them.
   */
  async settled(maxMs = Infinity): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = maxMs === Infinity ? [] : [new Promise((resolve) => (timer = setTimeout(resolve, maxMs)))];
    await Promise.race([Promise.all(this.pending), ...waited]);
    clearTimeout(timer);
  }

  /**
   * Sets the password of the link's user: the link is used up with every other link of the user,
   * the token version moves on (every earlier JWT answers 401), every signed-in session ends, and
   * the security log records it. Two-factor sign-in stays as it was. 400 `token` for a link that
   * does not work (unknown, used, voided or expired), with nothing written.
   */
  async reset(input: ResetPasswordRequest, client: ClientInfo): Promise<void> {
    const at = this.now();
    const link = await this.resets.findLive(hashResetToken(input.token), at);
    const user = link === undefined ? undefined : await this.users.findById(link.userId);
    if (link === undefined || user === undefined) throw badRequest(INVALID_RESET_LINK);
    if (user.role === 'DEMO') throw new AppError(403, 'demo', 'Not allowed for the demo user');
    const passwordHash = await hashPassword(input.password);
    // The conditional use decides between two requests racing with one link: one wins, the other writes nothing.
    const done = await this.db.transaction().execute(async (trx) => {
      const resets = new PasswordResetsRepository(trx);
      if (!(await resets.use(link.id, at))) return false;
      await new UsersRepository(trx).changePassword(user.id, passwordHash);
      await resets.voidAll(user.id, at);
      return true;
    });
    if (!done) throw badRequest(INVALID_RESET_LINK);
    await this.auth.passwordChanged(user.id, client, 'password-reset');
  }
}
