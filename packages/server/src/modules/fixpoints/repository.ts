import { utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FixpointRow } from '../ledger/index.js';
import { olderThan, type Keyset } from '../../db/keyset.js';
import { invalidateHistory } from '../ledger/index.js';

/** A fixpoint with the member who made it (issue 34). */
export type MadeFixpoint = FixpointRow & { createdBy: number | null };

const MADE = ['id', 'time', 'created_by as createdBy'] as const;

/** SQL for fixpoint writes and lookups by id or time; the ledger reads states (ledger/repository.ts). */
export class FixpointsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(userId: number, id: number): Promise<MadeFixpoint | undefined> {
    return this.db
      .selectFrom('fixpoints')
      .select(MADE)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * At most `limit` fixpoints with start <= time <= end, newest first (time, then id), strictly
   * older than `before` when given (keyset paging). The ledger's fixpointsBetween reads whole
   * intervals for analytics; this is the bounded list of fixpoint/getbetween.
   */
  async between(
    userId: number,
    q: { start: number; end: number; limit: number; before?: Keyset | undefined },
  ): Promise<MadeFixpoint[]> {
    let query = this.db
      .selectFrom('fixpoints')
      .select(MADE)
      .where('user_id', '=', userId)
      .where('time', '>=', q.start)
      .where('time', '<=', q.end);
    if (q.before !== undefined) query = query.where(olderThan(q.before));
    return query.orderBy('time', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  }

  /** The book's last fixpoint (latest time, then id). */
  async last(userId: number): Promise<MadeFixpoint | undefined> {
    return this.db
      .selectFrom('fixpoints')
      .select(MADE)
      .where('user_id', '=', userId)
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async findAt(userId: number, time: number): Promise<FixpointRow | undefined> {
    return this.db
      .selectFrom('fixpoints')
      .select(['id', 'time'])
      .where('user_id', '=', userId)
      .where('time', '=', time)
      .executeTakeFirst();
  }

  async insert(
    userId: number,
    time: number,
    states: readonly { pocketId: number; balance: number }[],
    at: number,
    /** The member who makes it (issue 34); the book's founder when not given. */
    actor: number = userId,
  ): Promise<number> {
    await invalidateHistory(this.db, userId, utcDayOf(time));
    const { id } = await this.db
      .insertInto('fixpoints')
      .values({ user_id: userId, time, created_at: at, created_by: actor, updated_by: actor })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (states.length > 0) {
      await this.db
        .insertInto('pocket_states')
        .values(states.map((s) => ({ user_id: userId, fixpoint_id: id, pocket_id: s.pocketId, balance: s.balance })))
        .execute();
    }
    return id;
  }

  /** Changes one stated balance of the user's fixpoint at `time`; `actor` changed it last. */
  async updateState(
    userId: number,
    fixpoint: { id: number; time: number },
    pocketId: number,
    balance: number,
    actor: number = userId,
  ): Promise<void> {
    await invalidateHistory(this.db, userId, utcDayOf(fixpoint.time));
    await this.db
      .updateTable('pocket_states')
      .set({ balance })
      .where('fixpoint_id', '=', fixpoint.id)
      .where('pocket_id', '=', pocketId)
      .execute();
    await this.touch(userId, fixpoint.id, actor);
  }

  /** Records who changed the fixpoint's states last. */
  private async touch(userId: number, id: number, actor: number): Promise<void> {
    await this.db
      .updateTable('fixpoints')
      .set({ updated_by: actor })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** States one more pocket in the user's fixpoint (an import's statement balance at an existing fixpoint). */
  async addState(
    userId: number,
    fixpoint: { id: number; time: number },
    pocketId: number,
    balance: number,
    actor: number = userId,
  ) {
    await invalidateHistory(this.db, userId, utcDayOf(fixpoint.time));
    await this.db
      .insertInto('pocket_states')
      .values({ user_id: userId, fixpoint_id: fixpoint.id, pocket_id: pocketId, balance })
      .execute();
    await this.touch(userId, fixpoint.id, actor);
  }

  /** Leaves a pocket unstated in the user's fixpoint again (undo of `addState`). */
  async removeState(
    userId: number,
    fixpoint: { id: number; time: number },
    pocketId: number,
    actor: number = userId,
  ): Promise<void> {
    await invalidateHistory(this.db, userId, utcDayOf(fixpoint.time));
    await this.db
      .deleteFrom('pocket_states')
      .where('user_id', '=', userId)
      .where('fixpoint_id', '=', fixpoint.id)
      .where('pocket_id', '=', pocketId)
      .execute();
    await this.touch(userId, fixpoint.id, actor);
  }

  /** Deletes the fixpoint; its pocket states go with it (ON DELETE CASCADE). */
  async delete(userId: number, fixpoint: { id: number; time: number }): Promise<void> {
    await invalidateHistory(this.db, userId, utcDayOf(fixpoint.time));
    await this.db.deleteFrom('fixpoints').where('user_id', '=', userId).where('id', '=', fixpoint.id).execute();
  }
}
