import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A user as the admin page lists them: the record without its credentials, and whether they wait. */
export interface AdminUserRecord {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'NORMAL' | 'DEMO' | 'ADMIN';
  emailVerified: boolean;
  referralOk: boolean;
  regComplete: boolean;
  waiting: boolean;
  createdAt: number;
  lastLoginAt: number | null;
  disabledAt: number | null;
}

/** A waitlist row with whether its user got in. */
export interface WaitlistRecord {
  userId: number;
  email: string;
  createdAt: number;
  approvedAt: number | null;
  admitted: boolean;
}

/** SQL of the admin page: every user and the waitlist (the install's, not one user's). */
export class AdminRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private usersQuery() {
    return this.db
      .selectFrom('users')
      .leftJoin('waitlist', 'waitlist.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.role',
        'users.email_verified',
        'users.referral_ok',
        'users.reg_complete',
        'users.created_at',
        'users.last_login_at',
        'users.disabled_at',
        'waitlist.user_id as waitlisted',
      ]);
  }

  /** Every user, oldest first. */
  async users(): Promise<AdminUserRecord[]> {
    return (await this.usersQuery().orderBy('users.id').execute()).map(toRecord);
  }

  async user(id: number): Promise<AdminUserRecord | undefined> {
    const row = await this.usersQuery().where('users.id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toRecord(row);
  }

  private waitlistQuery() {
    return this.db
      .selectFrom('waitlist')
      .innerJoin('users', 'users.id', 'waitlist.user_id')
      .select([
        'waitlist.user_id',
        'waitlist.email',
        'waitlist.created_at',
        'waitlist.approved_at',
        'users.referral_ok',
      ]);
  }

  /** The waitlist, longest waiting first. */
  async waitlist(): Promise<WaitlistRecord[]> {
    return (await this.waitlistQuery().orderBy('waitlist.created_at').orderBy('waitlist.user_id').execute()).map(
      toWaitlistRecord,
    );
  }

  async waitlistEntry(userId: number): Promise<WaitlistRecord | undefined> {
    const row = await this.waitlistQuery().where('waitlist.user_id', '=', userId).executeTakeFirst();
    return row === undefined ? undefined : toWaitlistRecord(row);
  }

  async markApproved(userId: number, at: number): Promise<void> {
    await this.db.updateTable('waitlist').set({ approved_at: at }).where('user_id', '=', userId).execute();
  }
}

function toRecord(row: {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: AdminUserRecord['role'];
  email_verified: number;
  referral_ok: number;
  reg_complete: number;
  created_at: number;
  last_login_at: number | null;
  disabled_at: number | null;
  waitlisted: number | null;
}): AdminUserRecord {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    emailVerified: row.email_verified === 1,
    referralOk: row.referral_ok === 1,
    regComplete: row.reg_complete === 1,
    waiting: row.waitlisted !== null && row.referral_ok !== 1,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    disabledAt: row.disabled_at,
  };
}

function toWaitlistRecord(row: {
  user_id: number;
  email: string;
  created_at: number;
  approved_at: number | null;
  referral_ok: number;
}): WaitlistRecord {
  return {
    userId: row.user_id,
    email: row.email,
    createdAt: row.created_at,
    approvedAt: row.approved_at,
    admitted: row.referral_ok === 1,
  };
}
