import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A user's two-factor row as the service sees it. */
export interface TwoFactorRecord {
  userId: number;
  /** Encrypted (crypto.ts). */
  secret: string;
  /** Null while the enrolment waits for its confirming code. */
  enabledAt: number | null;
  lastStep: number | null;
}

/** SQL of two-factor sign-in: the per-user row and the recovery codes. */
export class TwoFactorRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(userId: number): Promise<TwoFactorRecord | undefined> {
    const row = await this.db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row === undefined
      ? undefined
      : { userId: row.user_id, secret: row.secret, enabledAt: row.enabled_at, lastStep: row.last_step };
  }

  /** Whether the user has two-factor sign-in on (a confirmed enrolment). */
  async isEnabled(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('two_factor')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Stores a new enrolment waiting for its code, replacing an earlier unconfirmed one; false
   * (nothing written) when two-factor sign-in is already on.
   */
  async startEnrolment(userId: number, secret: string, at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_factor').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
      const result = await trx
        .insertInto('two_factor')
        .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    });
  }

  /**
   * Turns a waiting enrolment on, with the step of its confirming code as the last used one and
   * the recovery codes' hashes, in one database transaction; false (nothing written) when no
   * enrolment was waiting (confirmed meanwhile, or never started).
   */
  async enable(userId: number, step: number, codeHashes: readonly string[], at: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('two_factor')
        .set({ enabled_at: at, last_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await replaceCodes(trx, userId, codeHashes, at);
      return true;
    });
  }

  /**
   * Records `step` as the last one a code was accepted for, only when it is later than the one
   * recorded: true when it was (the code is used up now), false for a replay. One statement, so
   * two requests racing with one code cannot both win.
   */
  async advanceStep(userId: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks an unused recovery code used; false when the user has no such unused code. */
  async useRecoveryCode(userId: number, codeHash: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('two_factor_recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async unusedRecoveryCodes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('two_factor_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Replaces every recovery code of the user (used or not) with new ones. */
  async replaceRecoveryCodes(userId: number, codeHashes: readonly string[], at: number): Promise<void> {
    await this.db.transaction().execute((trx) => replaceCodes(trx, userId, codeHashes, at));
  }

  /** Turns two-factor sign-in off: the secret and every recovery code go. */
  async remove(userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
    });
  }
}

async function replaceCodes(trx: Kysely<DB>, userId: number, codeHashes: readonly string[], at: number): Promise<void> {
  await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('two_factor_recovery_codes')
    .values(codeHashes.map((hash) => ({ user_id: userId, code_hash: hash, used_at: null, created_at: at })))
    .execute();
}
