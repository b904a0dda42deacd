import type { AdminInviteResponse, AdminUser, AdminWaitlistEntry } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { conflict, notFound, unavailable } from '../../http/errors.js';
import { approveByMail, inviteByMail } from '../account/invite.js';
import type { SecurityLog, SessionStore } from '../auth/service.js';
import type { Mailer } from '../mail/mailer.js';
import { UsersRepository, type User } from '../users/repository.js';
import { AdminRepository, type AdminUserRecord, type WaitlistRecord } from './repository.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toAdminUser = (r: AdminUserRecord): AdminUser => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  lastLoginAt: iso(r.lastLoginAt),
  disabledAt: iso(r.disabledAt),
});

const toWaitlistEntry = (r: WaitlistRecord): AdminWaitlistEntry => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  approvedAt: iso(r.approvedAt),
});

/**
 * The admin page (issue 22, docs/DECISIONS.md "Admission and the admin page"): every user and the
 * waitlist, invitations and approvals by mail (account's codes and mails), disabling and enabling
 * users. The routes admit only administrators; the rules about whom an admin may touch are here.
 */
export class AdminService {
  private readonly users: UsersRepository;
  private readonly admin: AdminRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'mail'>,
    /** Disabling ends the user's signed-in sessions and says so in their security log. */
    private readonly security: { sessions: Pick<SessionStore, 'endAll'>; log: SecurityLog },
    private readonly now: () => number = Date.now,
  ) {
    this.users = new UsersRepository(db);
    this.admin = new AdminRepository(db);
  }

  async listUsers(): Promise<AdminUser[]> {
    return (await this.admin.users()).map(toAdminUser);
  }

  async listWaitlist(): Promise<AdminWaitlistEntry[]> {
    return (await this.admin.waitlist()).map(toWaitlistEntry);
  }

  /** Mails `email` a single-use code that its sign-up uses by itself (in every registration mode). */
  async invite(emailInput: string): Promise<AdminInviteResponse> {
    const email = emailInput.toLowerCase();
    if ((await this.users.findByEmail(email)) !== undefined) throw conflict(`email: ${email} already has an account`);
    const code = await this.mailed(() =>
      inviteByMail(this.db, this.mailer, this.config.mail.publicUrl, email, this.now()),
    );
    return { email, code };
  }

  /** Mails a waitlisted user a single-use code with a link to the referral step; 404 for anyone not on the waitlist. */
  async approve(userId: number): Promise<AdminWaitlistEntry> {
    const entry = await this.admin.waitlistEntry(userId);
    if (entry === undefined) throw notFound(`Waitlist entry of user ${userId} not found`);
    if (entry.admitted) throw conflict(`${entry.email} is already admitted`);
    // In the language the waitlisted person signed up in (issue 36).
    const language = (await this.users.findById(userId))?.preferences.language;
    await this.mailed(() =>
      approveByMail(this.db, this.mailer, this.config.mail.publicUrl, entry.email, this.now(), language),
    );
    await this.admin.markApproved(userId, this.now());
    return toWaitlistEntry({ ...entry, approvedAt: this.now() });
  }

  /**
   * Disables a user: no more sign-ins, their sessions end and every token of theirs (session JWT
   * or API token) answers 401 from the next request. Not oneself, not a demo visitor (they expire
   * by themselves within a day); disabling a disabled user changes nothing.
   */
  async disable(actor: User, userId: number): Promise<AdminUser> {
    const target = await this.target(userId);
    if (target.id === actor.id) throw conflict('You cannot disable your own account');
    if (target.role === 'DEMO') throw conflict('Demo visitors cannot be disabled: each expires by itself within a day');
    if (target.disabledAt === null) {
      await this.users.setDisabled(userId, this.now());
      const ended = await this.security.sessions.endAll(userId);
      await this.security.log.record(userId, 'session-ended', {
        detail: `account disabled by an administrator (${ended} ${ended === 1 ? 'session' : 'sessions'})`,
      });
    }
    return this.userOrThrow(userId);
  }

  /** Lets a disabled user sign in again (their API tokens work again; their sessions stay ended). */
  async enable(userId: number): Promise<AdminUser> {
    const target = await this.target(userId);
    if (target.disabledAt !== null) await this.users.setDisabled(userId, null);
    return this.userOrThrow(userId);
  }

  private async target(userId: number): Promise<AdminUserRecord> {
    const found = await this.admin.user(userId);
    if (found === undefined) throw notFound(`User ${userId} not found`);
    return found;
  }

  private async userOrThrow(userId: number): Promise<AdminUser> {
    return toAdminUser(await this.target(userId));
  }

  /** Runs a send; a mail the server could not hand over is a 503 (its code was dropped again). */
  private async mailed<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch {
      throw unavailable('The mail could not be sent (is SMTP_URL right?); nothing was stored, try again');
    }
  }
}
