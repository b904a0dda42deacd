import { utcDayOf } from '@kassa/money';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { firstDayOfMonth, monthOfDay } from './daily-totals.js';
import { MEASURES, type Measure, type PerCurrency } from './flows.js';

/** The three measures of DESIGN §4 per currency, in minor units. */
export type MeasureSums = Record<Measure, PerCurrency>;

const MS_PER_DAY = 86_400_000;
/** SQLite allows 500 terms in a compound select. */
const BRANCHES = 200;

export const emptySums = (): MeasureSums => ({ cash: new Map(), loan: new Map(), pending: new Map() });

interface MeasureRow {
  currency: string;
  cash: number | string;
  loan: number | string;
  pending: number | string;
}

function addRow(into: MeasureSums, r: MeasureRow, sign: 1n | -1n = 1n): void {
  for (const m of ['cash', 'loan', 'pending'] as const) {
    const v = BigInt(r[m]) * sign;
    if (v !== 0n) into[m].set(r.currency, (into[m].get(r.currency) ?? 0n) + v);
  }
}

/** `a - b` per measure and currency. */
export function subtractSums(a: MeasureSums, b: MeasureSums): MeasureSums {
  const out = emptySums();
  for (const m of ['cash', 'loan', 'pending'] as const) {
    for (const [c, v] of a[m]) out[m].set(c, v);
    for (const [c, v] of b[m]) out[m].set(c, (out[m].get(c) ?? 0n) - v);
  }
  return out;
}

/** Runs one compound select per chunk of branches (UNION ALL of index range scans). */
async function unionAll<R>(branches: readonly SelectQueryBuilder<DB, keyof DB, R>[]): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < branches.length; i += BRANCHES) {
    const [head, ...rest] = branches.slice(i, i + BRANCHES);
    if (head === undefined) break;
    rows.push(...(await rest.reduce((q, b) => q.unionAll(b), head).execute()));
  }
  return rows;
}

/**
 * The measures summed over every flow at or before each instant (the ledger's running totals),
 * in a handful of queries however many instants and however long the history:
 *
 * - whole months before the instant's month: one row per month and currency from
 *   monthly_native (months waiting for their rebuild are summed from their daily totals);
 * - the days of the instant's month before its day: from the daily totals, reading the shorter
 *   side of the month (the days before, or the month's total minus the days from it on);
 * - the instant's own day up to the instant: from the raw rows.
 *
 * A range (a, b] is then measuresAt(b) - measuresAt(a), exact in integers. With `sinceMonth`
 * the totals count from that month's start only (instants must not lie before it): enough for
 * differences, and a range from last month's fixpoint does not read years of history.
 */
export async function measuresAt(
  db: Kysely<DB>,
  userId: number,
  instants: readonly number[],
  sinceMonth: number | undefined = undefined,
): Promise<MeasureSums[]> {
  const unique = [...new Set(instants)];
  if (unique.length === 0) return [];
  const maxMonth = Math.max(...unique.map((t) => monthOfDay(utcDayOf(t))));
  // Month keys are year × 12 + month (≥ 0): 0 counts from the start.
  const minMonth = sinceMonth ?? 0;
  const dirty = (
    await db
      .selectFrom('dirty_months')
      .select('month')
      .where('user_id', '=', userId)
      .where('month', '>=', minMonth)
      .where('month', '<=', maxMonth)
      .execute()
  ).map((d) => d.month);

  // Each month's measures per currency.
  const monthRows = await unionAll([
    db
      .selectFrom('monthly_native')
      .select(['month', 'currency', 'cash', 'loan', 'pending'])
      .where('user_id', '=', userId)
      .where('month', '>=', minMonth)
      .where('month', '<=', maxMonth)
      .$if(dirty.length > 0, (q) => q.where('month', 'not in', dirty))
      .$castTo<MeasureRow & { month: number }>(),
    ...(dirty.length === 0
      ? []
      : [
          db
            .selectFrom('daily_totals')
            .select([
              'month',
              'currency',
              MEASURES.cash.as('cash'),
              MEASURES.loan.as('loan'),
              MEASURES.pending.as('pending'),
            ])
            .where('user_id', '=', userId)
            .where('month', 'in', dirty)
            .groupBy(['month', 'currency'])
            .$castTo<MeasureRow & { month: number }>(),
        ]),
  ]);
  const byMonth = new Map<number, MeasureSums>();
  for (const r of monthRows) {
    const sums = byMonth.get(r.month) ?? emptySums();
    addRow(sums, r);
    byMonth.set(r.month, sums);
  }
  // Running totals at the start of each month an instant falls in, in one pass over the months.
  const months = [...byMonth.keys()].sort((a, b) => a - b);
  const startOfMonth = new Map<number, MeasureSums>();
  const running = emptySums();
  let next = 0;
  for (const m of [...new Set(unique.map((t) => monthOfDay(utcDayOf(t))))].sort((a, b) => a - b)) {
    for (; next < months.length && (months[next] ?? m) < m; next++) {
      const sums = byMonth.get(months[next] ?? m);
      for (const measure of ['cash', 'loan', 'pending'] as const)
        for (const [c, v] of sums?.[measure] ?? []) running[measure].set(c, (running[measure].get(c) ?? 0n) + v);
    }
    startOfMonth.set(m, subtractSums(running, emptySums()));
  }

  const result = new Map<number, MeasureSums>();
  const dayBranches = [];
  const rawTx = [];
  const rawConv = [];
  for (const [i, t] of unique.entries()) {
    const day = utcDayOf(t);
    const month = monthOfDay(day);
    const first = firstDayOfMonth(month);
    const next = firstDayOfMonth(month + 1);
    const sums = emptySums();
    for (const m of ['cash', 'loan', 'pending'] as const)
      for (const [c, v] of startOfMonth.get(month)?.[m] ?? []) sums[m].set(c, v);
    // The days before the instant's day in its month, from whichever side is shorter.
    const before = day - first <= next - day;
    if (!before) {
      for (const m of ['cash', 'loan', 'pending'] as const)
        for (const [c, v] of byMonth.get(month)?.[m] ?? []) sums[m].set(c, (sums[m].get(c) ?? 0n) + v);
    }
    const [from, to] = before ? [first, day - 1] : [day, next - 1];
    if (from <= to)
      dayBranches.push(
        db
          .selectFrom('daily_totals')
          .select([
            sql.lit<number>(i).as('i'),
            sql.lit<number>(before ? 1 : -1).as('sign'),
            'currency',
            MEASURES.cash.as('cash'),
            MEASURES.loan.as('loan'),
            MEASURES.pending.as('pending'),
          ])
          .where('user_id', '=', userId)
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('currency'),
      );
    const dayStart = day * MS_PER_DAY;
    rawTx.push(
      db
        .selectFrom('transactions')
        .select([
          sql.lit<number>(i).as('i'),
          'currency',
          MEASURES.cash.as('cash'),
          MEASURES.loan.as('loan'),
          MEASURES.pending.as('pending'),
        ])
        .where('user_id', '=', userId)
        .where('time', '>=', dayStart)
        .where('time', '<=', t)
        .groupBy('currency'),
    );
    rawConv.push(
      db
        .selectFrom('conversions')
        .select((eb) => [
          sql.lit<number>(i).as('i'),
          'from_currency',
          'to_currency',
          eb.fn.sum<number | string>('from_amount').as('from_amount'),
          eb.fn.sum<number | string>('to_amount').as('to_amount'),
        ])
        .where('user_id', '=', userId)
        .where('time', '>=', dayStart)
        .where('time', '<=', t)
        .groupBy(['from_currency', 'to_currency']),
    );
    result.set(t, sums);
  }
  const at = (i: number | string) => result.get(unique[Number(i)] ?? Number.NaN) ?? emptySums();
  for (const r of await unionAll(dayBranches)) addRow(at(r.i), r, r.sign === 1 ? 1n : -1n);
  for (const r of await unionAll(rawTx)) addRow(at(r.i), r);
  for (const r of await unionAll(rawConv)) {
    const cash = at(r.i).cash;
    cash.set(r.from_currency, (cash.get(r.from_currency) ?? 0n) - BigInt(r.from_amount));
    cash.set(r.to_currency, (cash.get(r.to_currency) ?? 0n) + BigInt(r.to_amount));
  }
  return instants.map((t) => result.get(t) ?? emptySums());
}

/** The measures over the instants (after, until]; after undefined = from the start. */
export async function measuresBetween(
  db: Kysely<DB>,
  userId: number,
  after: number | undefined,
  until: number,
): Promise<MeasureSums> {
  if (after === undefined) return (await measuresAt(db, userId, [until]))[0] ?? emptySums();
  if (after >= until) return emptySums();
  const [a, b] = await measuresAt(db, userId, [after, until], monthOfDay(utcDayOf(after)));
  return subtractSums(b ?? emptySums(), a ?? emptySums());
}
