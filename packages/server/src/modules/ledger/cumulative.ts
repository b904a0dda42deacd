import { utcDayOf } from '@kassa/money';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { firstDayOfMonth, monthOfDay } from './daily-totals.js';
import { MEASURES, type Measure, type PerCurrency } from './flows.js';

/** The three measures of DESIGN §4 per currency, in minor units. */
export type MeasureSums = Record<Measure, PerCurrency>;

const MS_PER_DAY = 86_400_000;
/** Ranges per statement. */
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

/** Adds `from` (times `sign`) into `into`, per measure and currency. */
function addSums(into: MeasureSums, from: MeasureSums | undefined, sign: 1n | -1n = 1n): void {
  if (from === undefined) return;
  for (const m of ['cash', 'loan', 'pending'] as const)
    for (const [c, v] of from[m]) into[m].set(c, (into[m].get(c) ?? 0n) + sign * v);
}

/** `a - b` per measure and currency. */
export function subtractSums(a: MeasureSums, b: MeasureSums): MeasureSums {
  const out = emptySums();
  addSums(out, a);
  addSums(out, b, -1n);
  return out;
}

/** Rows of computed integers as a VALUES table (columns column1, column2, …); never user text. */
function valuesOf(rows: readonly (readonly number[])[]) {
  return sql`(values ${sql.join(rows.map((r) => sql`(${sql.join(r.map((v) => sql.lit(v)))})`))})`;
}

/** Lists of at most BRANCHES items. */
function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += BRANCHES) out.push(list.slice(i, i + BRANCHES));
  return out;
}

/**
 * `select` grouped by `groupBy` over the user's rows of `table` with lo <= column <= hi, once per
 * range [index, lo, hi, sign] (returned as i and sign): one statement per chunk of ranges, each
 * range an index range scan. PostgreSQL gets a LATERAL join so it scans per range whatever its
 * statistics say (stale ones right after a big import made it scan every row per range); SQLite
 * plans the plain join that way by itself and has no LATERAL.
 */
async function perRange<R>(
  db: Kysely<DB>,
  userId: number,
  ranges: readonly (readonly number[])[],
  table: 'daily_native' | 'transactions' | 'conversions',
  column: 'day' | 'time',
  select: RawBuilder<unknown>,
  groupBy: RawBuilder<unknown>,
): Promise<(R & { i: number; sign: number })[]> {
  const rows: (R & { i: number; sign: number })[] = [];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const chunk of chunks(ranges)) {
    const query = postgres
      ? sql<R & { i: number; sign: number }>`select r.column1 as i, r.column4 as sign, x.*
          from ${valuesOf(chunk)} as r cross join lateral (select ${select} from ${sql.table(table)}
          where user_id = ${userId} and ${sql.ref(column)} >= r.column2 and ${sql.ref(column)} <= r.column3
          group by ${groupBy}) as x`
      : sql<R & { i: number; sign: number }>`select r.column1 as i, r.column4 as sign, ${select}
          from ${valuesOf(chunk)} as r join ${sql.table(table)}
          on user_id = ${userId} and ${sql.ref(column)} >= r.column2 and ${sql.ref(column)} <= r.column3
          group by r.column1, r.column4, ${groupBy}`;
    rows.push(...(await query.execute(db)).rows);
  }
  return rows;
}

/** The months' measures an instant's running totals start from. */
interface MonthTotals {
  /** The measures of each month from the first instant's on, per currency. */
  byMonth: Map<number, MeasureSums>;
  /** The running totals at the start of each month an instant falls in. */
  startOfMonth: Map<number, MeasureSums>;
}

/** The monthly measures of the instants' months (ascending) and the running totals at their starts, from minMonth on. */
async function monthTotals(
  db: Kysely<DB>,
  userId: number,
  instantMonths: readonly number[],
  minMonth: number,
): Promise<MonthTotals> {
  const firstMonth = instantMonths[0] ?? 0;
  const maxMonth = instantMonths.at(-1) ?? 0;
  // Each month's measures per currency are kept in step with every write. The months before the
  // first instant's are summed by the database (a row per currency, not one per month of a long
  // history: turning those into objects was the largest cost of a balance under load); the months
  // from it on, usually one or a few, come one by one.
  const [priorRows, monthRows] = await Promise.all([
    db
      .selectFrom('monthly_native')
      .select((eb) => [
        'currency',
        eb.fn.sum<number | string>('cash').as('cash'),
        eb.fn.sum<number | string>('loan').as('loan'),
        eb.fn.sum<number | string>('pending').as('pending'),
      ])
      .where('user_id', '=', userId)
      .where('month', '>=', minMonth)
      .where('month', '<', firstMonth)
      .groupBy('currency')
      .execute(),
    db
      .selectFrom('monthly_native')
      .select(['month', 'currency', 'cash', 'loan', 'pending'])
      .where('user_id', '=', userId)
      .where('month', '>=', Math.max(minMonth, firstMonth))
      .where('month', '<=', maxMonth)
      .execute(),
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
  for (const r of priorRows) addRow(running, r);
  let next = 0;
  for (const m of instantMonths) {
    for (; next < months.length && (months[next] ?? m) < m; next++) addSums(running, byMonth.get(months[next] ?? m));
    const copy = emptySums();
    addSums(copy, running);
    startOfMonth.set(m, copy);
  }
  return { byMonth, startOfMonth };
}

/** Ranges still to read per instant: [index, first, last, sign], to add (1) or take away (-1). */
interface InstantRanges {
  /** Days of daily_native. */
  dayRanges: number[][];
  /** Instants of the raw rows of the instant's own day. */
  rawRanges: number[][];
}

/**
 * Starts each instant's running totals (by instant) from its month's, and lists the days and
 * rows still to read for it, each from the shorter side of its month and of its day.
 */
function startInstants(
  unique: readonly number[],
  { byMonth, startOfMonth }: MonthTotals,
): InstantRanges & { totals: Map<number, MeasureSums> } {
  const totals = new Map<number, MeasureSums>();
  const dayRanges: number[][] = [];
  const rawRanges: number[][] = [];
  for (const [i, t] of unique.entries()) {
    const day = utcDayOf(t);
    const month = monthOfDay(day);
    const first = firstDayOfMonth(month);
    const next = firstDayOfMonth(month + 1);
    const sums = emptySums();
    addSums(sums, startOfMonth.get(month));
    // The days before the instant's day in its month, from whichever side is shorter.
    const before = day - first <= next - day;
    if (!before) addSums(sums, byMonth.get(month));
    const [from, to] = before ? [first, day - 1] : [day, next - 1];
    if (from <= to) dayRanges.push([i, from, to, before ? 1 : -1]);
    // The instant's own day up to it from the raw rows, again from the shorter side: the rows up to
    // the instant, or the day's total minus the rows after it.
    const dayStart = day * MS_PER_DAY;
    const dayEnd = dayStart + MS_PER_DAY - 1;
    if (t - dayStart <= dayEnd - t) rawRanges.push([i, dayStart, t, 1]);
    else {
      dayRanges.push([i, day, day, 1]);
      if (t < dayEnd) rawRanges.push([i, t + 1, dayEnd, -1]);
    }
    totals.set(t, sums);
  }
  return { totals, dayRanges, rawRanges };
}

/** Adds (or takes away) the sums of each instant's ranges into its totals, `at(index)`. */
async function addRanges(
  db: Kysely<DB>,
  userId: number,
  { dayRanges, rawRanges }: InstantRanges,
  at: (i: number | string) => MeasureSums,
): Promise<void> {
  const measures = sql`currency, ${MEASURES.cash} as cash, ${MEASURES.loan} as loan, ${MEASURES.pending} as pending`;
  const summed = sql`currency, sum(cash) as cash, sum(loan) as loan, sum(pending) as pending`;
  for (const r of await perRange<MeasureRow>(db, userId, dayRanges, 'daily_native', 'day', summed, sql`currency`))
    addRow(at(r.i), r, r.sign === 1 ? 1n : -1n);
  for (const r of await perRange<MeasureRow>(db, userId, rawRanges, 'transactions', 'time', measures, sql`currency`))
    addRow(at(r.i), r, r.sign === 1 ? 1n : -1n);
  const legs = sql`from_currency, to_currency, sum(from_amount) as from_amount, sum(to_amount) as to_amount`;
  for (const r of await perRange<{
    from_currency: string;
    to_currency: string;
    from_amount: number | string;
    to_amount: number | string;
  }>(db, userId, rawRanges, 'conversions', 'time', legs, sql`from_currency, to_currency`)) {
    const cash = at(r.i).cash;
    const sign = r.sign === 1 ? 1n : -1n;
    cash.set(r.from_currency, (cash.get(r.from_currency) ?? 0n) - sign * BigInt(r.from_amount));
    cash.set(r.to_currency, (cash.get(r.to_currency) ?? 0n) + sign * BigInt(r.to_amount));
  }
}

/**
 * The measures summed over every flow at or before each instant (the ledger's running totals),
 * in a handful of queries however many instants and however long the history:
 *
 * - whole months before the instant's month: one row per month and currency from
 *   monthly_native;
 * - the days of the instant's month before its day: from daily_native, reading the shorter
 *   side of the month (the days before, or the month's total minus the days from it on);
 * - the instant's own day up to the instant: from the raw rows up to it, or the day's total
 *   minus the rows after it, whichever is shorter.
 *
 * A range (a, b] is then measuresAt(b) - measuresAt(a), exact in integers. With `sinceMonth`
 * the totals count from that month's start only (instants must not lie before it): enough for
 * differences, and a range from last month's fixpoint does not read years of history.
 */
export async function measuresAt(
  db: Kysely<DB>,
  userId: number,
  instants: readonly number[],
  sinceMonth?: number,
): Promise<MeasureSums[]> {
  const unique = [...new Set(instants)];
  if (unique.length === 0) return [];
  const instantMonths = [...new Set(unique.map((t) => monthOfDay(utcDayOf(t))))].sort((a, b) => a - b);
  // Month keys are year × 12 + month (≥ 0): 0 counts from the start.
  const months = await monthTotals(db, userId, instantMonths, sinceMonth ?? 0);
  const { totals, ...ranges } = startInstants(unique, months);
  const at = (i: number | string) => totals.get(unique[Number(i)] ?? Number.NaN) ?? emptySums();
  await addRanges(db, userId, ranges, at);
  return instants.map((t) => totals.get(t) ?? emptySums());
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
