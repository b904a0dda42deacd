import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { breather } from '../../util/breathe.js';
import type { Converter } from '../rates/conversion.js';
import { DailyTotalsRepository, markDirtyMonths, totalKey, type TotalDelta } from './daily-totals.js';
import { MEASURES } from './flows.js';
import { BEFORE_ANY_DAY, invalidateHistory } from './history-points.js';
import { rollUpWritten } from './main-values.js';
import { withValues } from './write-values.js';

// What the ledger derives from its rows, rebuilt whole (writer.ts: a restore, seeding) or changed
// by summed deltas (DeltaSum: a batch of many rows).

const BATCH = 500;

/**
 * Rebuilds every table derived from one user's transactions and conversions from scratch: daily
 * totals (valued with `converter`, when there is one), monthly and daily native measures, the
 * main-currency roll-ups (or the dirty-month list for the next report, without a converter), and
 * kept balance history (invalidated from the beginning). The caller holds the user's ledger lock
 * inside its database transaction, after writing rows in bulk (LedgerBatch with `rebuild`).
 */
export async function rebuildDerived(db: Kysely<DB>, userId: number, converter?: Converter): Promise<void> {
  const totals = new DailyTotalsRepository(db);
  const fresh = withValues(await totals.recompute(userId), converter);
  await db.deleteFrom('daily_totals').where('user_id', '=', userId).execute();
  const pace = breather();
  for (let i = 0; i < fresh.length; i += BATCH) {
    await db
      .insertInto('daily_totals')
      .values(fresh.slice(i, i + BATCH))
      .execute();
    await pace.maybe();
  }
  // Every month is rolled up again from the new totals: here when they carry values, else by the next report.
  await db.deleteFrom('monthly_main').where('user_id', '=', userId).execute();
  await db.deleteFrom('monthly_main_currency').where('user_id', '=', userId).execute();
  const months = [...new Set(fresh.map((t) => t.month))];
  await markDirtyMonths(db, userId, months);
  if (converter !== undefined) await rollUpWritten(db, userId, months);
  // The native measures per month and per day, summed from the new totals.
  const measures = [MEASURES.cash.as('cash'), MEASURES.loan.as('loan'), MEASURES.pending.as('pending')] as const;
  await db.deleteFrom('monthly_native').where('user_id', '=', userId).execute();
  await db
    .insertInto('monthly_native')
    .columns(['user_id', 'month', 'currency', 'cash', 'loan', 'pending'])
    .expression((eb) =>
      eb
        .selectFrom('daily_totals')
        .select(['user_id', 'month', 'currency', ...measures])
        .where('user_id', '=', userId)
        .groupBy(['user_id', 'month', 'currency']),
    )
    .execute();
  await db.deleteFrom('daily_native').where('user_id', '=', userId).execute();
  await db
    .insertInto('daily_native')
    .columns(['user_id', 'day', 'currency', 'cash', 'loan', 'pending'])
    .expression((eb) =>
      eb
        .selectFrom('daily_totals')
        .select(['user_id', 'day', 'currency', ...measures])
        .where('user_id', '=', userId)
        .groupBy(['user_id', 'day', 'currency']),
    )
    .execute();
  await invalidateHistory(db, userId, BEFORE_ANY_DAY);
}

/** Daily-total changes of a bulk write, summed per daily total as they come (a million rows need not be held). */
export class DeltaSum {
  private readonly sums = new Map<string, TotalDelta>();

  add(deltas: readonly TotalDelta[]): void {
    for (const d of deltas) {
      const key = totalKey(d);
      const s = this.sums.get(key);
      if (s === undefined) this.sums.set(key, { ...d });
      else {
        s.amount += d.amount;
        s.count += d.count;
      }
    }
  }

  /** The totals that change. */
  changes(): TotalDelta[] {
    return [...this.sums.values()].filter((d) => d.amount !== 0 || d.count !== 0);
  }
}
