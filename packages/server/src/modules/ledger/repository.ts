import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FixpointRow, StateRow } from './rows.js';

/** SQL the ledger reads fixpoints with (which fixpoint anchors an instant, and its states); scoped by user. */
export class LedgerRepository {
  constructor(private readonly db: Kysely<DB>) {}

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
}
