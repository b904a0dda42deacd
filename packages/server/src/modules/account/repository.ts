import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** SQL for verification codes, referral codes and the waitlist. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores a verification code; answers its id. */
  async addEmailCode(userId: number, code: string, expiresAt: number, at: number): Promise<number> {
    const row = await this.db
      .insertInto('email_codes')
      .values({ user_id: userId, code, expires_at: expiresAt, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Drops a code whose mail could not be sent. */
  async deleteEmailCode(id: number): Promise<void> {
    await this.db.deleteFrom('email_codes').where('id', '=', id).execute();
  }

  /** When the user's latest code was made, for the resend limit. */
  async lastEmailCodeAt(userId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('email_codes')
      .select('created_at')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  }

  /** Marks the matching unused, unexpired code used; whether there was one. */
  async useEmailCode(userId: number, code: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('email_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code', '=', code)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Voids the user's unused codes but `keepId` (a resend makes only the newest valid). */
  async voidEmailCodes(userId: number, at: number, keepId?: number): Promise<void> {
    let query = this.db
      .updateTable('email_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null);
    if (keepId !== undefined) query = query.where('id', '!=', keepId);
    await query.execute();
  }

  /**
   * Removes a sign-up that did not finish (its verification mail could not be sent): the user,
   * with its codes by cascade, and the use of the invitation it took, in one transaction. Only
   * an unverified user: an account someone could sign in to is never removed here.
   */
  async dropUnfinishedSignup(userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('referral_codes')
        .set({ used_by: null, used_at: null })
        .where('used_by', '=', userId)
        .execute();
      await trx.deleteFrom('users').where('id', '=', userId).where('email_verified', '=', 0).execute();
    });
  }

  async addReferralCode(
    code: string,
    createdBy: number | null,
    at: number,
    invitedEmail: string | null = null,
  ): Promise<void> {
    await this.db
      .insertInto('referral_codes')
      .values({ code, created_by: createdBy, invited_email: invitedEmail, created_at: at })
      .execute();
  }

  /** An unused code the admin mailed to this address, if any. */
  async invitationFor(email: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('referral_codes')
      .select('code')
      .where('invited_email', '=', email)
      .where('used_by', 'is', null)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    return row?.code;
  }

  /** Drops a code nobody has used (its mail could not be sent). */
  async deleteUnusedReferralCode(code: string): Promise<void> {
    await this.db.deleteFrom('referral_codes').where('code', '=', code).where('used_by', 'is', null).execute();
  }

  async findReferralCode(code: string) {
    return this.db.selectFrom('referral_codes').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** Consumes an unused code; whether this call consumed it (a second one finds it used). */
  async useReferralCode(code: string, userId: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('referral_codes')
      .set({ used_by: userId, used_at: at })
      .where('code', '=', code)
      .where('used_by', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async joinWaitlist(userId: number, email: string, at: number): Promise<void> {
    await this.db
      .insertInto('waitlist')
      .values({ user_id: userId, email, created_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  async waitlist(): Promise<{ email: string; created_at: number }[]> {
    return this.db.selectFrom('waitlist').select(['email', 'created_at']).orderBy('created_at').execute();
  }

  /**
   * What the onboarding checklist reads, each counted only as far as it asks (at most 2), so a
   * long history costs no more than a new one.
   */
  async onboardingCounts(userId: number): Promise<{
    currencies: number;
    ownCategories: number;
    transactions: number;
    fixpoints: number;
    importBatches: number;
  }> {
    const upTo2 = async (query: Promise<unknown[]>) => (await query).length;
    const [currencies, ownCategories, transactions, fixpoints, importBatches] = await Promise.all([
      upTo2(this.db.selectFrom('user_currencies').select('code').where('user_id', '=', userId).limit(2).execute()),
      upTo2(
        this.db
          .selectFrom('categories')
          .select('id')
          .where('user_id', '=', userId)
          .where('is_built_in', '=', 0)
          .limit(1)
          .execute(),
      ),
      upTo2(this.db.selectFrom('transactions').select('id').where('user_id', '=', userId).limit(1).execute()),
      upTo2(this.db.selectFrom('fixpoints').select('id').where('user_id', '=', userId).limit(2).execute()),
      upTo2(
        this.db
          .selectFrom('import_batches')
          .select('id')
          .where('user_id', '=', userId)
          .where('status', '=', 'committed')
          .limit(1)
          .execute(),
      ),
    ]);
    return { currencies, ownCategories, transactions, fixpoints, importBatches };
  }
}

/** A mailed password-reset link as the service sees it (never the token, only its hash). */
export interface PasswordResetRecord {
  id: number;
  userId: number;
  expiresAt: number;
}

/** SQL for password-reset links (migration 0021). */
export class PasswordResetsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(userId: number, tokenHash: string, createdAt: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({ user_id: userId, token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt })
      .execute();
  }

  /** The unused, unexpired link with this token hash, if any. */
  async findLive(tokenHash: string, at: number): Promise<PasswordResetRecord | undefined> {
    const row = await this.db
      .selectFrom('password_resets')
      .select(['id', 'user_id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return row === undefined ? undefined : { id: row.id, userId: row.user_id, expiresAt: row.expires_at };
  }

  /** Uses the link up if it is still unused and unexpired; whether this call did (a second one finds it used). */
  async use(id: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Voids every unused link of the user (a reset ends them all). */
  async voidAll(userId: number, at: number): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Drops the user's links that expired before `before`: used or not, they can never work again. */
  async pruneExpired(userId: number, before: number): Promise<void> {
    await this.db
      .deleteFrom('password_resets')
      .where('user_id', '=', userId)
      .where('expires_at', '<', before)
      .execute();
  }
}
