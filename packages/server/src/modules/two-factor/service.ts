import {
  RECOVERY_CODE_COUNT,
  type LoginChallenge,
  type TwoFactorCheckRequest,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@kassa/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { badRequest, conflict } from '../../http/errors.js';
import { limitReached, type KeyedCounter } from '../../http/rate-limit.js';
import { verifyPassword } from '../auth/passwords.js';
import type { SecondFactor, SecurityLog } from '../auth/service.js';
import type { User } from '../users/repository.js';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  newRecoveryCode,
  normaliseRecoveryCode,
  type TwoFactorKeys,
} from './crypto.js';
import type { TwoFactorRepository } from './repository.js';
import { LoginTickets } from './tickets.js';

/** The issuer authenticator apps show beside the account. */
const ISSUER = 'Kassa';
/** RFC 6238 defaults, which every authenticator app reads: SHA-1, six digits, 30 s steps. */
const PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one pass too (a phone's clock a little off, a slow typist). */
const WINDOW = 1;
/** 160 bits, RFC 4226's recommended secret length. */
const SECRET_BYTES = 20;

/**
 * Wrong passwords or codes on the settings' checks (disable, new recovery codes) per user in a
 * window; then 429 until it ends. A stolen session must not be a way to walk the codes.
 */
export interface TwoFactorLimits {
  wrongChecks: KeyedCounter;
  maxWrongChecks: number;
}

/** Until app.ts hands one over, nothing is logged (unit tests, tools). */
const NO_LOG: SecurityLog = { record: () => Promise.resolve() };

const totpOf = (base32: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(base32), period: PERIOD_SECONDS });

/** The 30 s time step of an instant (epoch ms). */
const stepAt = (nowMs: number) => TOTP.counter({ period: PERIOD_SECONDS, timestamp: nowMs });

/**
 * Two-factor sign-in with TOTP: enrolment (set-up, then a confirming code turns it on and
 * answers recovery codes), the code checks of login (as auth's SecondFactor), turning it off
 * and new recovery codes. A code works once: the last accepted time step is kept per user.
 */
export class TwoFactorService implements SecondFactor {
  private readonly tickets: LoginTickets;
  private events: SecurityLog = NO_LOG;

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly keys: TwoFactorKeys,
    private readonly limits: TwoFactorLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.tickets = new LoginTickets(keys.ticket);
  }

  /** Writes turning it on and off, new recovery codes and used recovery codes to the user's security log. */
  logTo(events: SecurityLog): void {
    this.events = events;
  }

  async status(user: User): Promise<TwoFactorStatus> {
    const record = await this.repository.find(user.id);
    if (record === undefined || record.enabledAt === null)
      return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    return {
      enabled: true,
      enabledAt: new Date(record.enabledAt).toISOString(),
      recoveryCodesLeft: await this.repository.unusedRecoveryCodes(user.id),
    };
  }

  /**
   * Starts (or restarts) enrolment: a new secret, stored encrypted but not in force until a code
   * of it confirms it. 409 while two-factor sign-in is on (turn it off first).
   */
  async setup(user: User): Promise<TwoFactorSetupResponse> {
    const secret = new Secret({ size: SECRET_BYTES });
    const stored = encryptSecret(this.keys.secret, user.id, secret.base32);
    if (!(await this.repository.startEnrolment(user.id, stored, this.now())))
      throw conflict('Two-factor sign-in is already on; turn it off first to set up another app');
    const uri = totpOf(secret.base32, user.email).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret: secret.base32, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** A current code of the new secret turns two-factor sign-in on; answers the recovery codes, shown this once. */
  async confirm(user: User, code: string): Promise<string[]> {
    const record = await this.repository.find(user.id);
    if (record === undefined) throw conflict('Start the set-up first: there is no new secret to confirm');
    if (record.enabledAt !== null) throw conflict('Two-factor sign-in is already on');
    const step = this.matchingStep(user.id, record.secret, code);
    if (step === undefined) throw badRequest('code: is not the current code of the authenticator app');
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    if (!(await this.repository.enable(user.id, step, this.hashes(codes), this.now())))
      throw conflict('Two-factor sign-in is already on');
    await this.events.record(user.id, 'two-factor-enabled');
    return codes;
  }

  /** Turns two-factor sign-in off, with the password and a current code (or a recovery code). */
  async disable(user: User, input: TwoFactorCheckRequest): Promise<void> {
    await this.check(user, input);
    await this.repository.remove(user.id);
    await this.events.record(user.id, 'two-factor-disabled');
  }

  /** New recovery codes for the password and a current code (or a recovery code); every earlier code stops working. */
  async regenerateRecoveryCodes(user: User, input: TwoFactorCheckRequest): Promise<string[]> {
    await this.check(user, input);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.repository.replaceRecoveryCodes(user.id, this.hashes(codes), this.now());
    await this.events.record(user.id, 'recovery-codes-renewed');
    return codes;
  }

  // SecondFactor: what login asks of this module.

  async challenge(user: User): Promise<LoginChallenge | undefined> {
    if (!(await this.repository.isEnabled(user.id))) return undefined;
    const { ticket, expiresAt } = await this.tickets.issue(user, this.now());
    return { twoFactorRequired: true, ticket, expiresAt: new Date(expiresAt).toISOString() };
  }

  readTicket(ticket: string): Promise<{ userId: number; tokenVersion: number } | undefined> {
    return this.tickets.verify(ticket, this.now());
  }

  /**
   * Six digits are a code of the app, accepted once: its time step must be later than the last
   * one used. Anything else is tried as a recovery code, which is then used up.
   */
  async useCode(userId: number, input: string): Promise<boolean> {
    const code = input.replace(/\s+/g, '');
    if (/^\d{6}$/.test(code)) {
      const record = await this.repository.find(userId);
      if (record === undefined || record.enabledAt === null) return false;
      const step = this.matchingStep(userId, record.secret, code);
      return step !== undefined && (await this.repository.advanceStep(userId, step));
    }
    const normalised = normaliseRecoveryCode(code);
    if (normalised === undefined) return false;
    const used = await this.repository.useRecoveryCode(
      userId,
      hashRecoveryCode(this.keys.recovery, normalised),
      this.now(),
    );
    if (used) await this.events.record(userId, 'recovery-code-used');
    return used;
  }

  /** The time step the code belongs to within the window around now; undefined when it matches none. */
  private matchingStep(userId: number, storedSecret: string, code: string): number | undefined {
    const base32 = decryptSecret(this.keys.secret, userId, storedSecret);
    if (base32 === undefined) return undefined;
    const now = this.now();
    const delta = totpOf(base32).validate({ token: code, timestamp: now, window: WINDOW });
    return delta === null ? undefined : stepAt(now) + delta;
  }

  /**
   * The password and a code, for changes to two-factor sign-in itself: 409 while it is off, 400
   * naming what is wrong, and 429 after too many wrong tries. The code is used up only when the
   * password is right.
   */
  private async check(user: User, input: TwoFactorCheckRequest): Promise<void> {
    if (!(await this.repository.isEnabled(user.id))) throw conflict('Two-factor sign-in is off');
    const key = String(user.id);
    const wrong = await this.limits.wrongChecks.peek(key);
    if (wrong.count >= this.limits.maxWrongChecks)
      throw limitReached('Too many wrong passwords or codes', wrong.retryAfterMs);
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      await this.limits.wrongChecks.hit(key);
      throw badRequest('password: is wrong');
    }
    if (!(await this.useCode(user.id, input.code))) {
      await this.limits.wrongChecks.hit(key);
      throw badRequest('code: is wrong or already used');
    }
  }

  private hashes(codes: readonly string[]): string[] {
    return codes.map((code) => hashRecoveryCode(this.keys.recovery, normaliseRecoveryCode(code) ?? code));
  }
}
