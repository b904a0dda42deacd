import { randomBytes, randomInt } from 'node:crypto';
import {
  onboardingStepKeys,
  type ChangePasswordRequest,
  type InitialDataRequest,
  type OnboardingResponse,
  type OnboardingStepKey,
  type Preferences,
  type PreferencesRequest,
  type RegistrationMode,
  type SignupRequest,
} from '@kassa/contract';
import { findCurrency, parseSignedAmount } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { lockUserLedger } from '../../db/user-lock.js';
import { mailOf, mailTexts } from '../mail/texts/index.js';
import { AppError, badRequest, conflict, forbidden, tooManyRequests, unavailable } from '../../http/errors.js';
import type { KeyedCounter } from '../../http/rate-limit.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { AuthService, ClientInfo } from '../auth/service.js';
import { CategoriesRepository } from '../categories/repository.js';
import { createSystemCategories, SYSTEM_CATEGORIES } from '../categories/system-categories.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { defaultPocketName } from '../currencies/service.js';
import { FixpointsRepository } from '../fixpoints/repository.js';
import type { Mailer } from '../mail/mailer.js';
import { PocketsRepository } from '../pockets/repository.js';
import { UsersRepository, type User } from '../users/repository.js';
import { AccountsRepository } from './repository.js';

/** How long a mailed verification code works. */
export const EMAIL_CODE_TTL_MS = 24 * 3_600_000;
/** Wrong tries a mailed code survives; then it is void and a new one must be sent. */
export const MAX_WRONG_EMAIL_CODES = 5;
/** A new verification mail at most once a minute. */
const RESEND_INTERVAL_MS = 60_000;

/** Six digits, easy to type from a phone. */
const newEmailCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** Ten characters of an unambiguous alphabet. */
export const newReferralCode = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
};

/**
 * A user's own registration, step by step (spec §4, DESIGN §7): sign-up, e-mail, referral or
 * waitlist, initial data; then the onboarding checklist and the password change of the registered
 * user. Complete users made in one step are CompleteUserFactory's (complete-user.ts).
 */
export class RegistrationService {
  private readonly users: UsersRepository;
  private readonly accounts: AccountsRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
    /** `registration` absent: 'referral', the spec's default. */
    private readonly config: Pick<Config, 'mail' | 'captcha'> & { registration?: RegistrationMode },
    /** Wrong e-mail codes per user and code (keyed by the code's issue time). */
    private readonly limits: { wrongCodes: KeyedCounter },
    private readonly now: () => number = Date.now,
  ) {
    this.users = new UsersRepository(db);
    this.accounts = new AccountsRepository(db);
  }

  /** Checks a captcha token with a reCAPTCHA-compatible verify endpoint, when a secret is configured. */
  private async checkCaptcha(token: string): Promise<void> {
    if (this.config.captcha.secret === undefined) return;
    let answer: { success?: unknown; action?: unknown };
    try {
      const res = await fetch(this.config.captcha.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.config.captcha.secret, response: token }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      answer = (await res.json()) as typeof answer;
    } catch {
      throw new AppError(503, 'internal', 'The captcha could not be checked; try again');
    }
    if (answer.success !== true || (answer.action !== undefined && answer.action !== 'signup')) {
      throw badRequest('recaptcha: the captcha was not solved');
    }
  }

  /**
   * Stores a new code and mails it; answers the code's id. A code whose mail could not be sent is
   * dropped again, so it neither works nor counts as sent (resend waits a minute after a sent
   * one), and the answer is a 503 that says so (issue 31).
   */
  private async sendCode(user: Pick<User, 'id' | 'email' | 'preferences'>): Promise<number> {
    const code = newEmailCode();
    const at = this.now();
    const id = await this.accounts.addEmailCode(user.id, code, at + EMAIL_CODE_TTL_MS, at);
    const link = `${this.config.mail.publicUrl}/public/register/verify-email?code=${code}`;
    try {
      await this.mailer.send(mailOf(user.email, mailTexts(user.preferences.language).verification({ code, link })));
    } catch (err) {
      await this.accounts.deleteEmailCode(id);
      throw mailNotSent(err);
    }
    return id;
  }

  private get mode(): RegistrationMode {
    return this.config.registration ?? 'referral';
  }

  /**
   * Creates an unverified user, mails a verification code and signs them in (a signed-in session
   * of `client`). REGISTRATION decides who may (docs/DECISIONS.md, Admission): `open` anyone,
   * with no referral step; `referral` anyone, who then needs a code or the waitlist; `closed` only
   * an address an admin invited or approved (403 `registration_closed` for others). The first
   * member of an install (the demo aside) is admitted in every mode and becomes its admin. When
   * the mail cannot be sent nothing stays (503): the same sign-up works once mail does again.
   */
  async signup(input: SignupRequest, client?: ClientInfo): Promise<string> {
    await this.checkCaptcha(input.recaptcha);
    const email = input.email.toLowerCase();
    if ((await this.users.findByEmail(email)) !== undefined)
      throw conflict(`email: a user with e-mail ${email} already exists`);
    // Invited (admin page or CLI): the mailed code is used on the user's behalf.
    const invitation = await this.accounts.invitationFor(email);
    if (this.mode === 'closed' && invitation === undefined && (await this.users.firstMemberId()) !== undefined)
      throw new AppError(
        403,
        'registration_closed',
        'Registration is closed: only people an administrator invited can sign up',
      );
    const user = await this.users.insert({
      email,
      passwordHash: await hashPassword(input.password),
      firstName: '',
      lastName: '',
      mainCurrency: null,
      role: 'NORMAL',
      emailVerified: false,
      referralOk: this.mode === 'open',
      regComplete: false,
      createdAt: this.now(),
      ...(input.language === undefined ? {} : { language: input.language }),
    });
    try {
      // The first member needs no referral (there is nobody to ask) and runs the install. Decided
      // after the insert by the lowest id, so two sign-ups racing on a fresh install make one admin.
      if ((await this.users.firstMemberId()) === user.id) {
        await this.users.setRole(user.id, 'ADMIN');
        await this.users.update(user.id, { referralOk: true });
      } else if (invitation !== undefined && (await this.accounts.useReferralCode(invitation, user.id, this.now()))) {
        await this.users.update(user.id, { referralOk: true });
      }
      await this.sendCode(user);
    } catch (err) {
      // An account nobody can verify would hold the address: the retry would get 409 "already
      // exists" for a sign-up that never finished (issue 31). The invitation is free again too.
      await this.accounts.dropUnfinishedSignup(user.id);
      throw err;
    }
    return this.auth.signUpSession(user.id, client);
  }

  /** The registration steps answer a fresh token of the same signed-in session (`sessionId`). */
  async verifyEmail(user: User, code: string, sessionId?: number): Promise<string> {
    if (user.emailVerified) throw conflict('The e-mail address is already verified');
    if (!(await this.accounts.useEmailCode(user.id, code.trim(), this.now()))) {
      // Six digits are a million guesses: after a few wrong ones the code dies, and each new
      // code needs a new mail (at most one a minute).
      const issuedAt = await this.accounts.lastEmailCodeAt(user.id);
      const wrong = issuedAt === undefined ? 0 : (await this.limits.wrongCodes.hit(`${user.id}@${issuedAt}`)).count;
      if (wrong >= MAX_WRONG_EMAIL_CODES) {
        await this.accounts.voidEmailCodes(user.id, this.now());
        throw badRequest(
          `code: was entered wrong ${MAX_WRONG_EMAIL_CODES} times and no longer works; ask for a new one`,
        );
      }
      throw badRequest(
        `code: is wrong, already used or expired; ${MAX_WRONG_EMAIL_CODES - wrong} tries left before you need a new one`,
      );
    }
    // Signed up while registration needed a referral, verified after it was opened: let in.
    await this.users.update(user.id, { emailVerified: true, ...(this.mode === 'open' ? { referralOk: true } : {}) });
    return this.auth.tokenFor(user.id, sessionId);
  }

  async resendEmail(user: User): Promise<void> {
    if (user.emailVerified) throw conflict('The e-mail address is already verified');
    const last = await this.accounts.lastEmailCodeAt(user.id);
    const wait = last === undefined ? 0 : last + RESEND_INTERVAL_MS - this.now();
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw tooManyRequests(seconds, `A mail was sent moments ago; try again in ${seconds} seconds`);
    }
    const sent = await this.sendCode(user);
    // Only a code that went out replaces the older ones: while mail failed, they kept working.
    await this.accounts.voidEmailCodes(user.id, this.now(), sent);
  }

  /** A new single-use referral code a member (complete registration) can hand to someone. */
  async createReferral(user: User | null): Promise<string> {
    if (user !== null && !user.regComplete) throw forbidden('Complete your registration first');
    if (user !== null && this.mode === 'closed')
      throw new AppError(
        403,
        'registration_closed',
        'Registration is closed: only an administrator can invite people (from the admin page)',
      );
    const code = newReferralCode();
    await this.accounts.addReferralCode(code, user?.id ?? null, this.now());
    return code;
  }

  async verifyReferral(user: User, code: string, sessionId?: number): Promise<string> {
    if (!user.emailVerified) throw forbidden('Verify your e-mail address first');
    if (user.referralOk) throw conflict('The referral step is already done');
    const normalised = code.trim().toUpperCase();
    const found = await this.accounts.findReferralCode(normalised);
    if (found === undefined) throw badRequest('code: is not a referral code');
    if (found.created_by === user.id) throw badRequest('code: is your own referral code');
    // Closed: only an admin's codes (invitations and approvals, which have no creator) admit.
    if (this.mode === 'closed' && found.created_by !== null) throw badRequest('code: is not a referral code');
    // Only members vouch: a code from an unfinished sign-up (minted before the server checked
    // this) would let two throw-away sign-ups admit each other. Admin invitations have no creator.
    if (found.created_by !== null && (await this.users.findById(found.created_by))?.regComplete !== true)
      throw badRequest('code: is not a referral code');
    if (!(await this.accounts.useReferralCode(normalised, user.id, this.now())))
      throw badRequest('code: has already been used');
    await this.users.update(user.id, { referralOk: true });
    return this.auth.tokenFor(user.id, sessionId);
  }

  async joinWaitlist(user: User): Promise<void> {
    if (!user.emailVerified) throw forbidden('Verify your e-mail address first');
    await this.accounts.joinWaitlist(user.id, user.email, this.now());
  }

  /** The dashboard's onboarding checklist: each step done or not, read from the user's data. */
  async onboarding(user: User): Promise<OnboardingResponse> {
    const counts = await this.accounts.onboardingCounts(user.id);
    const done: Record<OnboardingStepKey, boolean> = {
      currency: counts.currencies > 1,
      // Categories of one's own: any besides the system ones.
      categories: counts.ownCategories > 0,
      transaction: counts.transactions > 0,
      // The first fixpoint comes with registration (the start balance); the step asks for another.
      fixpoint: counts.fixpoints > 1,
      import: counts.importBatches > 0,
    };
    return { steps: onboardingStepKeys.map((key) => ({ key, done: done[key] })) };
  }

  /**
   * The last registration step, once: names, main currency with its default pocket, the system
   * categories, and the first fixpoint holding the start balance.
   */
  async initialData(user: User, input: InitialDataRequest, sessionId?: number): Promise<string> {
    if (!user.emailVerified || !user.referralOk) throw forbidden('Verify your e-mail and referral code first');
    if (user.regComplete) throw conflict('Registration is already complete');
    const currency = findCurrency(input.mainCurrency);
    if (currency === undefined) throw badRequest(`mainCurrency: ${input.mainCurrency} is not a supported currency`);
    const balance = parseSignedAmount(input.startBalance, currency.decimals);
    if (!balance.ok) throw badRequest(`startBalance: ${balance.message}`);
    const starters = starterCategories(input.categories);
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await lockUserLedger(trx, user.id);
      const current = await new UsersRepository(trx).findById(user.id);
      if (current?.regComplete === true) throw conflict('Registration is already complete');
      await new UsersRepository(trx).update(user.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        mainCurrency: currency.code,
        regComplete: true,
      });
      await new UserCurrenciesRepository(trx).ensure(user.id, currency.code, at);
      const pocketId = await new PocketsRepository(trx).insert(
        user.id,
        { name: defaultPocketName(currency.code), currency: currency.code, isCash: false },
        at,
      );
      const categories = new CategoriesRepository(trx);
      await createSystemCategories(categories, user.id, at);
      for (const c of starters)
        await categories.insert(user.id, {
          name: c.name,
          type: 'real',
          isIncome: c.isIncome,
          description: '',
          isBuiltIn: false,
          isActive: true,
          monthlyLimit: null,
          lastUsed: at,
        });
      await new FixpointsRepository(trx).insert(user.id, at, [{ pocketId, balance: Number(balance.minor) }], at);
    });
    return this.auth.tokenFor(user.id, sessionId);
  }

  /** Changes the password; every token issued before stops working, and every signed-in session ends. */
  /** Stores the person's language and display formats (issue 36); answers all three. */
  setPreferences(user: User, change: PreferencesRequest): Promise<Preferences> {
    return this.users.setPreferences(user.id, change);
  }

  async changePassword(user: User, input: ChangePasswordRequest, client?: ClientInfo): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw badRequest('oldPassword: is wrong');
    await this.users.changePassword(user.id, await hashPassword(input.newPassword));
    await this.auth.passwordChanged(user.id, client);
  }
}

/**
 * The answer to a verification mail the mail server did not take (down, refusing, too slow): 503
 * with what to do, and the cause for the log only (the routes log it; it never reaches the client).
 */
function mailNotSent(cause: unknown): AppError {
  const error = unavailable('The verification e-mail could not be sent; try again in a few minutes');
  error.cause = cause;
  return error;
}

/**
 * The starter categories of initial data, checked before anything is written: a name may not
 * repeat (ignoring case) in its direction, nor take a system category's name.
 */
function starterCategories(list: InitialDataRequest['categories']): InitialDataRequest['categories'] {
  const taken = new Set(
    SYSTEM_CATEGORIES.filter((c) => c.type === 'real').map((c) => `${String(c.isIncome)}:${c.name.toLowerCase()}`),
  );
  list.forEach((c, i) => {
    const key = `${String(c.isIncome)}:${c.name.toLowerCase()}`;
    if (taken.has(key))
      throw badRequest(
        `categories.${i}.name: an ${c.isIncome ? 'income' : 'expense'} category named ${c.name} already exists`,
      );
    taken.add(key);
  });
  return list;
}
