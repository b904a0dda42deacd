import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface FixpointRow {
  id: number;
  time: number;
}

/** A stated pocket balance of a fixpoint, with the pocket's currency and name. */
export interface StateRow {
  fixpointId: number;
  pocketId: number;
  name: string;
  isCash: boolean;
  currency: string;
  balance: number;
}

/** SQL for fixpoints and their pocket states; every query is scoped by user. */
export class FixpointsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(userId: number, id: number): Promise<FixpointRow | undefined> {
    return this.db
      .selectFrom('fixpoints')
      .select(['id', 'time'])
      .where('user_id', '=', userId)
      .where('id', '=', id)
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

  /** The latest fixpoint with time <= at (strictly before when `strict`). */
  async latest(userId: number, at: number, strict = false): Promise<FixpointRow | undefined> {
    return this.db
      .selectFrom('fixpoints')
      .select(['id', 'time'])
      .where('user_id', '=', userId)
      .where('time', strict ? '<' : '<=', at)
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Fixpoints with start <= time <= end, newest first. */
  async between(userId: number, start: number, end: number): Promise<FixpointRow[]> {
    return this.db
      .selectFrom('fixpoints')
      .select(['id', 'time'])
      .where('user_id', '=', userId)
      .where('time', '>=', start)
      .where('time', '<=', end)
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async states(userId: number, fixpointId: number): Promise<StateRow[]> {
    return this.statesOfMany(userId, [fixpointId]);
  }

  /** The states of several fixpoints in one query (balance history walks many). */
  async statesOfMany(userId: number, fixpointIds: readonly number[]): Promise<StateRow[]> {
    if (fixpointIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('pocket_states')
      .innerJoin('fixpoints', 'fixpoints.id', 'pocket_states.fixpoint_id')
      .innerJoin('pockets', 'pockets.id', 'pocket_states.pocket_id')
      .select([
        'pocket_states.fixpoint_id',
        'pocket_states.pocket_id',
        'pockets.name',
        'pockets.is_cash',
        'pockets.currency',
        'pocket_states.balance',
      ])
      .where('fixpoints.user_id', '=', userId)
      .where('pocket_states.fixpoint_id', 'in', fixpointIds)
      .orderBy('pockets.currency')
      .orderBy('pockets.id')
      .execute();
    return rows.map((r) => ({
      fixpointId: r.fixpoint_id,
      pocketId: r.pocket_id,
      name: r.name,
      isCash: r.is_cash === 1,
      currency: r.currency,
      balance: r.balance,
    }));
  }

  async insert(
    userId: number,
    time: number,
    states: readonly { pocketId: number; balance: number }[],
    at: number,
  ): Promise<number> {
    const { id } = await this.db
      .insertInto('fixpoints')
      .values({ user_id: userId, time, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (states.length > 0) {
      await this.db
        .insertInto('pocket_states')
        .values(states.map((s) => ({ fixpoint_id: id, pocket_id: s.pocketId, balance: s.balance })))
        .execute();
    }
    return id;
  }

  async updateState(fixpointId: number, pocketId: number, balance: number): Promise<void> {
    await this.db
      .updateTable('pocket_states')
      .set({ balance })
      .where('fixpoint_id', '=', fixpointId)
      .where('pocket_id', '=', pocketId)
      .execute();
  }

  /** Deletes the fixpoint; its pocket states go with it (ON DELETE CASCADE). */
  async delete(userId: number, id: number): Promise<void> {
    await this.db.deleteFrom('fixpoints').where('user_id', '=', userId).where('id', '=', id).execute();
  }
}
