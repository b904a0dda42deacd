import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES, type ForgotPasswordResponse, type ResetPasswordRequest } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import { limitReached, type KeyedCounter } from '../../http/rate-limit.js';
import { hashPassword } from '../auth/passwords.js';
import type { AuthService, ClientInfo } from '../auth/service.js';
import type { Mail, Mailer } from '../mail/mailer.js';
import { UsersRepository } from '../users/repository.js';
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
   * same either way. Requests are counted per address whether or not it has an account, so a 429
   * tells nothing either; the mail goes out after the answer, so its time tells nothing.
   */
  async forgot(emailInput: string): Promise<ForgotPasswordResponse> {
    const email = emailInput.toLowerCase();
    const counted = await this.limits.requestsPerEmail.peek(email);
    if (counted.count >= this.limits.maxPerEmail)
      throw limitReached('Too many reset mails asked for this address', counted.retryAfterMs);
    await this.limits.requestsPerEmail.hit(email);
    const user = await this.users.findByEmail(email);
    // The demo's password is the shared demo login: nobody may change it.
    if (user !== undefined && user.role !== 'DEMO') {
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const at = this.now();
      await this.resets.pruneExpired(user.id, at);
      await this.resets.insert(user.id, hashResetToken(token), at, at + PASSWORD_RESET_TTL_MS);
      this.deliver({
        to: user.email,
        subject: 'Reset your Kassa password',
        text: [
          'Someone, hopefully you, asked to reset the password of your Kassa account.',
          '',
          `To choose a new password, open ${this.config.mail.publicUrl}/public/reset-password?token=${token}`,
          '',
          `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password logs you out everywhere.`,
          'If you did not ask for this, ignore this mail: your password stays as it is.',
        ].join('\n'),
      });
    }
    return { message: FORGOT_PASSWORD_ANSWER };
  }

  /** Sends without holding the answer; a failure is logged (the answer is the same anyway). */
  private deliver(mail: Mail): void {
    this.mailer.send(mail).catch((err: unknown) => {
      this.logFailure({ to: mail.to, error: String(err) }, 'password reset mail could not be sent');
    });
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
