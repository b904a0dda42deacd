import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Statements } from './pocket-rule.js';
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

  /**
   * Whether every fixpoint states every pocket (all the spec's forms make), so balances count by
   * currency alone: the states number fixpoints × pockets exactly (a state is unique per pair).
   */
  async everyPocketStated(userId: number): Promise<boolean> {
    const count = (table: 'fixpoints' | 'pockets' | 'pocket_states') =>
      this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const [fixpoints, pockets, states] = [
      await count('fixpoints'),
      await count('pockets'),
      await count('pocket_states'),
    ];
    return fixpoints * pockets === states;
  }

  /** The user's pockets and fixpoints (oldest first) with every state, for the pocket rule. */
  async statements(userId: number): Promise<Statements> {
    const pockets = await this.db
      .selectFrom('pockets')
      .select(['id', 'currency'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    const fixpoints = await this.db
      .selectFrom('fixpoints')
      .select(['id', 'time'])
      .where('user_id', '=', userId)
      .orderBy('time')
      .orderBy('id')
      .execute();
    const rows = await this.db
      .selectFrom('pocket_states')
      .select(['fixpoint_id', 'pocket_id', 'balance'])
      .where('user_id', '=', userId)
      .execute();
    const states = new Map<number, Map<number, bigint>>();
    for (const r of rows) {
      const of = states.get(r.fixpoint_id) ?? new Map<number, bigint>();
      of.set(r.pocket_id, BigInt(r.balance));
      states.set(r.fixpoint_id, of);
    }
    const seen = new Set<string>();
    return {
      pockets: pockets.map((p) => {
        const isDefault = !seen.has(p.currency);
        seen.add(p.currency);
        return { id: p.id, currency: p.currency, isDefault };
      }),
      fixpoints,
      states,
    };
  }
}
