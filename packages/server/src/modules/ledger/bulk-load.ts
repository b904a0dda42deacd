import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { lockUserLedger } from '../../db/user-lock.js';
import { DailyTotalsRepository, markDirtyMonths, type TotalDelta } from './daily-totals.js';
import { MEASURES } from './flows.js';
import { BEFORE_ANY_DAY, invalidateHistory } from './history-points.js';
import { pocketColumn, transactionColumns, transactionFromColumns, type TransactionRow } from './rows.js';
import { breather } from '../../util/breathe.js';

const BATCH = 500;

/**
 * Inserts many already-validated transactions of one user at once and rebuilds that user's daily
 * totals from scratch, in one database transaction. For seeding (benchmarks, demo data), where
 * going through the service one row at a time would take minutes.
 */
export async function bulkLoadTransactions(
  db: Kysely<DB>,
  userId: number,
  rows: readonly Omit<TransactionRow, 'id'>[],
  at: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUserLedger(trx, userId);
    await insertTransactionRows(trx, userId, rows, at);
    await rebuildDerived(trx, userId);
  });
}

/**
 * Inserts already-validated transactions of one user in batches; the caller keeps the derived
 * tables right. A row with an `id` is stored under it: ids taken first (db/id-allocation.ts) let
 * a bulk insert know each row's id.
 */
export async function insertTransactionRows(
  db: Kysely<DB>,
  userId: number,
  rows: readonly (Omit<TransactionRow, 'id'> & { id?: number })[],
  at: number,
): Promise<void> {
  const pace = breather();
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('transactions')
      .values(
        rows.slice(i, i + BATCH).map((t) => ({
          ...(t.id === undefined ? {} : { id: t.id }),
          user_id: userId,
          ...transactionColumns(t),
          ...pocketColumn(t),
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await pace.maybe(); // a restore's 340k rows: other requests are served between batches
  }
}

/**
 * Rebuilds every table derived from one user's transactions and conversions from scratch: daily
 * totals (unvalued), monthly and daily native measures, the dirty-month list for the main values,
 * and kept balance history (invalidated from the beginning). The caller holds the user's ledger
 * lock inside its database transaction, after writing rows in bulk (seeding, restore).
 */
export async function rebuildDerived(db: Kysely<DB>, userId: number): Promise<void> {
  const totals = new DailyTotalsRepository(db);
  const fresh = await totals.recompute(userId);
  await db.deleteFrom('daily_totals').where('user_id', '=', userId).execute();
  const pace = breather();
  for (let i = 0; i < fresh.length; i += BATCH) {
    await db
      .insertInto('daily_totals')
      .values(fresh.slice(i, i + BATCH))
      .execute();
    await pace.maybe();
  }
  // Every month is rebuilt from the new totals by the next report.
  await db.deleteFrom('monthly_main').where('user_id', '=', userId).execute();
  await db.deleteFrom('monthly_main_currency').where('user_id', '=', userId).execute();
  await markDirtyMonths(db, userId, [...new Set(fresh.map((t) => t.month))]);
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

/** Above this many distinct daily totals a bulk write rebuilds the derived tables instead of adjusting them. */
const REBUILD_ABOVE = 2000;

/** Daily-total changes of a bulk write, summed per daily total as they come (a million rows need not be held). */
export class DeltaSum {
  private readonly sums = new Map<string, TotalDelta>();

  add(deltas: readonly TotalDelta[]): void {
    for (const d of deltas) {
      const key = `${d.day}|${d.currency}|${d.category_id}|${d.business_type}|${d.is_income}`;
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

/**
 * Keeps the derived tables right after a bulk write of many rows (import, undo): a few summed
 * changes are applied, many make a rebuild from the rows, which is faster than thousands of
 * single adjustments. The caller has written the rows and holds the lock.
 */
export async function applyBulkDeltas(db: Kysely<DB>, userId: number, sum: DeltaSum): Promise<void> {
  const changes = sum.changes();
  if (changes.length > REBUILD_ABOVE) await rebuildDerived(db, userId);
  else if (changes.length > 0) await new DailyTotalsRepository(db).apply(userId, changes);
}

/**
 * Keeps the derived tables right after a bulk change of rows whose totals are summed in `sum`
 * (bulk edit, undo): every changed total adjusted in statements of many rows, whatever their
 * number. Unlike applyBulkDeltas it never rebuilds, so the main values of the totals it does not
 * touch stay valued and the next report values only the changed ones. The caller holds the lock.
 */
export async function applySummedDeltas(db: Kysely<DB>, userId: number, sum: DeltaSum): Promise<void> {
  await new DailyTotalsRepository(db).applyMany(userId, sum.changes());
}

/** Deletes the user's transactions with these ids (missing ones are ignored); returns the rows deleted. */
export async function deleteTransactionsByIds(
  db: Kysely<DB>,
  userId: number,
  ids: readonly number[],
): Promise<TransactionRow[]> {
  const deleted: TransactionRow[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await db
      .deleteFrom('transactions')
      .where('user_id', '=', userId)
      .where('id', 'in', ids.slice(i, i + BATCH))
      .returningAll()
      .execute();
    deleted.push(...rows.map(transactionFromColumns));
  }
  return deleted;
}
