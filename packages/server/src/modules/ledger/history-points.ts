import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { derivedTransaction } from '../../db/derived-transaction.js';
import { tryLockUserReports } from '../../db/user-lock.js';

/** A day before any the ledger holds (instants start in 1900): "from the beginning". */
export const BEFORE_ANY_DAY = -100_000;

/** One balance-history point: end-of-day balances in the main currency, minor units. */
export interface HistoryPoint {
  day: number;
  available: bigint;
  loaned: bigint;
  pending: bigint;
}

/** Which points a user has kept, for which main currency, and the change count they follow. */
export interface HistoryState {
  mainCurrency: string;
  /** Kept points cover validFrom..validThrough; none when either is null or from > through. */
  validFrom: number | null;
  validThrough: number | null;
  version: number;
}

/**
 * Marks the kept balance-history points from `fromDay` on as out of date, for one user or (rates
 * changed) for every user. Every ledger write calls this in its own database transaction, so a
 * report that computed points from the older ledger cannot publish them (the version moved on).
 * The row is created when missing: a report that starts later then sees this version.
 */
export async function invalidateHistory(db: Kysely<DB>, userId: number | undefined, fromDay: number): Promise<void> {
  const through = sql<number | null>`case when valid_through is null or valid_through >= ${fromDay}
    then ${fromDay - 1} else valid_through end`;
  if (userId === undefined) {
    await db
      .updateTable('history_state')
      .set((eb) => ({ valid_through: through, version: eb('version', '+', 1) }))
      .execute();
    return;
  }
  await db
    .insertInto('history_state')
    .values({ user_id: userId, main_currency: '', valid_from: null, valid_through: null, version: 1 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        valid_through: sql<number | null>`case when history_state.valid_through is null
          or history_state.valid_through >= ${fromDay} then ${fromDay - 1} else history_state.valid_through end`,
        version: eb('history_state.version', '+', 1),
      })),
    )
    .execute();
}

/** SQL for the kept balance-history points (analytics/balance-history reads and fills them). */
export class HistoryPointsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's state, created (holding nothing) when missing so that later writes count. */
  async state(userId: number): Promise<HistoryState> {
    const read = () =>
      this.db
        .selectFrom('history_state')
        .select(['main_currency', 'valid_from', 'valid_through', 'version'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    let row = await read();
    if (row === undefined) {
      await this.db
        .insertInto('history_state')
        .values({ user_id: userId, main_currency: '', valid_from: null, valid_through: null, version: 0 })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      row = await read();
    }
    if (row === undefined) throw new Error(`history state of user ${userId} could not be created`);
    return {
      mainCurrency: row.main_currency,
      validFrom: row.valid_from,
      validThrough: row.valid_through,
      version: row.version,
    };
  }

  /** The kept points of firstDay..lastDay, oldest first. */
  async points(userId: number, firstDay: number, lastDay: number): Promise<HistoryPoint[]> {
    const rows = await this.db
      .selectFrom('history_points')
      .select(['day', 'available', 'loaned', 'pending'])
      .where('user_id', '=', userId)
      .where('day', '>=', firstDay)
      .where('day', '<=', lastDay)
      .orderBy('day')
      .execute();
    return rows.map((r) => ({
      day: r.day,
      available: BigInt(r.available),
      loaned: BigInt(r.loaned),
      pending: BigInt(r.pending),
    }));
  }

  /**
   * Keeps computed points as the user's range validFrom..(last point's day), replacing what was
   * kept from the first new point's day on; only when no write came in since `version` was read
   * (else the points may be out of date, and the next report computes them again).
   */
  async publish(
    userId: number,
    expected: HistoryState,
    mainCurrency: string,
    validFrom: number,
    points: readonly HistoryPoint[],
  ): Promise<boolean> {
    const first = points[0];
    const last = points[points.length - 1];
    if (first === undefined || last === undefined) return false;
    return derivedTransaction(this.db, async (trx) => {
      // One publish of the user at a time: the compare-and-set below does not move the version, so
      // two reports publishing at once would both pass it and insert the same days twice.
      if (!(await tryLockUserReports(trx, userId))) return false;
      // The compare-and-set first: it waits for a concurrent write's lock, then sees its version.
      const updated = await trx
        .updateTable('history_state')
        .set({ main_currency: mainCurrency, valid_from: validFrom, valid_through: last.day })
        .where('user_id', '=', userId)
        .where('version', '=', expected.version)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) return false;
      await trx
        .deleteFrom('history_points')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('day', '>=', first.day), eb('day', '<', validFrom)]))
        .execute();
      for (let i = 0; i < points.length; i += 500)
        await trx
          .insertInto('history_points')
          .values(
            points.slice(i, i + 500).map((p) => ({
              user_id: userId,
              day: p.day,
              available: Number(p.available),
              loaned: Number(p.loaned),
              pending: Number(p.pending),
            })),
          )
          .execute();
      return true;
    });
  }
}
