import { utcDayOf } from '@kassa/money';
import { sql, type Kysely } from 'kysely';
import type { DailyTotalsTable, DB } from '../../db/schema.js';

/** An amount per currency code, in minor units of that currency (flows: IN positive, OUT negative). */
export type PerCurrency = Map<string, bigint>;

function addTo(map: PerCurrency, currency: string, amount: bigint): void {
  map.set(currency, (map.get(currency) ?? 0n) + amount);
}

/** What to sum per currency over transactions and daily totals (DESIGN §4). */
export type Measure = 'cash' | 'loan' | 'pending';

/** The only kind a measure reads, so its sums can use the (user, kind, day) index. */
const KIND_OF: Record<Measure, 'loan' | 'business' | undefined> = {
  cash: undefined,
  loan: 'loan',
  pending: 'business',
};

const MEASURES = {
  // Signed cash flow: IN positive, OUT negative; realize moves no cash.
  cash: sql<string>`sum(case when business_type = 'realize' then 0 when is_income = 1 then amount else -amount end)`,
  // Loan balance: given (OUT) minus taken (IN).
  loan: sql<string>`sum(case when kind <> 'loan' then 0 when is_income = 1 then -amount else amount end)`,
  // Business pending: relS - invS, money still in the business.
  pending: sql<string>`sum(case when kind <> 'business' or business_type = 'pnl' then 0
    when business_type = 'realize' then (case when is_income = 1 then amount else -amount end)
    else (case when is_income = 1 then -amount else amount end) end)`,
} as const;

const MS_PER_DAY = 86_400_000;

/** Adds the raw transaction (and, for cash, conversion) sums with from < time <= to (from undefined: no lower bound). */
export async function rawFlows(
  db: Kysely<DB>,
  userId: number,
  measure: Measure,
  from: number | undefined,
  to: number,
  flows: PerCurrency,
): Promise<void> {
  const tx = await db
    .selectFrom('transactions')
    .select(['currency', MEASURES[measure].as('net')])
    .where('user_id', '=', userId)
    .$if(from !== undefined, (q) => q.where('time', '>', from ?? 0))
    .where('time', '<=', to)
    .groupBy('currency')
    .execute();
  for (const r of tx) addTo(flows, r.currency, BigInt(r.net));
  if (measure !== 'cash') return;
  const conv = await db
    .selectFrom('conversions')
    .select(['from_currency', 'to_currency', 'from_amount', 'to_amount'])
    .where('user_id', '=', userId)
    .$if(from !== undefined, (q) => q.where('time', '>', from ?? 0))
    .where('time', '<=', to)
    .execute();
  for (const c of conv) {
    addTo(flows, c.from_currency, -BigInt(c.from_amount));
    addTo(flows, c.to_currency, BigInt(c.to_amount));
  }
}

/** Adds the flows of whole days firstDay..lastDay (inclusive) from the daily totals. */
async function dailyFlows(
  db: Kysely<DB>,
  userId: number,
  measure: Measure,
  firstDay: number | undefined,
  lastDay: number,
  flows: PerCurrency,
): Promise<void> {
  if (firstDay !== undefined && firstDay > lastDay) return;
  const rows = await db
    .selectFrom('daily_totals')
    .select(['currency', MEASURES[measure].as('net')])
    .where('user_id', '=', userId)
    .$if(KIND_OF[measure] !== undefined, (q) => q.where('kind', '=', KIND_OF[measure] ?? 'loan'))
    .$if(firstDay !== undefined, (q) => q.where('day', '>=', firstDay ?? 0))
    .where('day', '<=', lastDay)
    .groupBy('currency')
    .execute();
  for (const r of rows) addTo(flows, r.currency, BigInt(r.net));
}

/**
 * How (after, until] splits for reading: whole UTC days served by the daily totals, and the
 * partial days at the edges, each an instant range (from, to] served by the raw rows.
 */
export interface RangeSplit {
  /** Inclusive day numbers; firstDay undefined = from the beginning. Absent when no whole day. */
  days?: { firstDay: number | undefined; lastDay: number };
  raw: [from: number | undefined, to: number][];
}

export function splitRange(after: number | undefined, until: number): RangeSplit {
  const untilDay = utcDayOf(until);
  const untilDayStart = untilDay * MS_PER_DAY;
  if (after === undefined)
    return { days: { firstDay: undefined, lastDay: untilDay - 1 }, raw: [[untilDayStart - 1, until]] };
  if (after >= until) return { raw: [] };
  const afterDay = utcDayOf(after);
  if (afterDay === untilDay) return { raw: [[after, until]] };
  const days = afterDay + 1 <= untilDay - 1 ? { firstDay: afterDay + 1, lastDay: untilDay - 1 } : undefined;
  return {
    ...(days === undefined ? {} : { days }),
    raw: [
      [after, (afterDay + 1) * MS_PER_DAY - 1],
      [untilDayStart - 1, until],
    ],
  };
}

/**
 * Cash flows per currency over many disjoint ranges (after, until] at once (the segments between
 * consecutive fixpoints): each range's whole days in one small query, and the partial days of all
 * ranges in one query per table, sorted into their ranges here. Same sums as sumsByCurrency.
 */
export async function cashFlowsOfRanges(
  db: Kysely<DB>,
  userId: number,
  ranges: readonly (readonly [after: number | undefined, until: number])[],
): Promise<PerCurrency[]> {
  const out = ranges.map((): PerCurrency => new Map());
  const raw: { from: number; to: number; index: number }[] = [];
  for (const [index, [after, until]] of ranges.entries()) {
    const split = splitRange(after, until);
    const flows = out[index] ?? new Map<string, bigint>();
    if (split.days !== undefined) await dailyFlows(db, userId, 'cash', split.days.firstDay, split.days.lastDay, flows);
    for (const [from, to] of split.raw) raw.push({ from: from ?? Number.MIN_SAFE_INTEGER, to, index });
  }
  if (raw.length === 0) return out;
  raw.sort((a, b) => a.from - b.from);
  // The range a row's time falls in: (from, to], found by binary search over the sorted starts.
  const rangeOf = (time: number) => {
    let lo = 0;
    let hi = raw.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((raw[mid]?.from ?? 0) < time) lo = mid;
      else hi = mid - 1;
    }
    const r = raw[lo];
    return r !== undefined && time > r.from && time <= r.to ? out[r.index] : undefined;
  };
  // One statement per table: a UNION ALL of index range scans, one per range (an OR of ranges
  // would make SQLite read every row of the user).
  const txBranch = (r: (typeof raw)[number]) =>
    db
      .selectFrom('transactions')
      .select(['time', 'currency', 'amount', 'is_income', 'business_type'])
      .where('user_id', '=', userId)
      .where('time', '>', r.from)
      .where('time', '<=', r.to);
  const convBranch = (r: (typeof raw)[number]) =>
    db
      .selectFrom('conversions')
      .select(['time', 'from_currency', 'to_currency', 'from_amount', 'to_amount'])
      .where('user_id', '=', userId)
      .where('time', '>', r.from)
      .where('time', '<=', r.to);
  // SQLite allows 500 terms in a compound select: chunks of 200 ranges.
  const tx: Awaited<ReturnType<ReturnType<typeof txBranch>['execute']>> = [];
  const conv: Awaited<ReturnType<ReturnType<typeof convBranch>['execute']>> = [];
  for (let i = 0; i < raw.length; i += 200) {
    const [head, ...rest] = raw.slice(i, i + 200);
    if (head === undefined) break;
    tx.push(...(await rest.reduce((q, r) => q.unionAll(txBranch(r)), txBranch(head)).execute()));
    conv.push(...(await rest.reduce((q, r) => q.unionAll(convBranch(r)), convBranch(head)).execute()));
  }
  for (const r of tx) {
    const flows = rangeOf(r.time);
    // Cash: IN positive, OUT negative; a realisation moves no cash (as MEASURES.cash).
    if (flows === undefined || r.business_type === 'realize') continue;
    addTo(flows, r.currency, r.is_income === 1 ? BigInt(r.amount) : -BigInt(r.amount));
  }
  for (const c of conv) {
    const flows = rangeOf(c.time);
    if (flows === undefined) continue;
    addTo(flows, c.from_currency, -BigInt(c.from_amount));
    addTo(flows, c.to_currency, BigInt(c.to_amount));
  }
  return out;
}

/**
 * A measure summed per currency over the instants (after, until]: whole days come from the daily
 * totals and only the partial days at both edges from the raw rows, so the cost does not grow
 * with the number of transactions in between.
 */
export async function sumsByCurrency(
  db: Kysely<DB>,
  userId: number,
  measure: Measure,
  after: number | undefined,
  until: number,
): Promise<PerCurrency> {
  const flows: PerCurrency = new Map();
  const split = splitRange(after, until);
  if (split.days !== undefined) await dailyFlows(db, userId, measure, split.days.firstDay, split.days.lastDay, flows);
  for (const [from, to] of split.raw) await rawFlows(db, userId, measure, from, to, flows);
  return flows;
}

/** A daily total as the reports read it: one day, currency and flow type, with its summed amount. */
export interface FlowTotal {
  day: number;
  currency: string;
  categoryId: number;
  kind: DailyTotalsTable['kind'];
  businessType: DailyTotalsTable['business_type'];
  isIncome: boolean;
  amount: bigint;
}

/**
 * The daily totals over the instants (after, until], per day, currency, category and flow type:
 * whole days straight from daily_totals, edge days summed from the raw rows in the same shape.
 */
export async function totalsBetween(
  db: Kysely<DB>,
  userId: number,
  after: number | undefined,
  until: number,
  byCategory = true,
): Promise<FlowTotal[]> {
  const split = splitRange(after, until);
  const out: FlowTotal[] = [];
  if (split.days !== undefined) {
    const { firstDay, lastDay } = split.days;
    const base = db
      .selectFrom('daily_totals')
      .where('user_id', '=', userId)
      .$if(firstDay !== undefined, (q) => q.where('day', '>=', firstDay ?? 0))
      .where('day', '<=', lastDay);
    if (byCategory) {
      const rows = await base
        .select(['day', 'currency', 'category_id', 'kind', 'business_type', 'is_income', 'amount'])
        .execute();
      for (const r of rows) {
        out.push({
          day: r.day,
          currency: r.currency,
          categoryId: r.category_id,
          kind: r.kind,
          businessType: r.business_type,
          isIncome: r.is_income === 1,
          amount: BigInt(r.amount),
        });
      }
    } else {
      // Reports that ignore categories read one row per day, currency and flow type.
      const rows = await base
        .select((eb) => [
          'day',
          'currency',
          'kind',
          'business_type',
          'is_income',
          eb.fn.sum<number | string>('amount').as('amount'),
        ])
        .groupBy(['day', 'currency', 'kind', 'business_type', 'is_income'])
        .execute();
      for (const r of rows) {
        out.push({
          day: r.day,
          currency: r.currency,
          categoryId: 0,
          kind: r.kind,
          businessType: r.business_type,
          isIncome: r.is_income === 1,
          amount: BigInt(r.amount),
        });
      }
    }
  }
  for (const [from, to] of split.raw) out.push(...(await rawTotals(db, userId, from, to)));
  return out;
}

/** The raw rows of (from, to] (partial days at a range's edges) in the shape of flow totals. */
export async function rawTotals(
  db: Kysely<DB>,
  userId: number,
  from: number | undefined,
  to: number,
): Promise<FlowTotal[]> {
  const out: FlowTotal[] = [];
  const tx = await db
    .selectFrom('transactions')
    .select(['day', 'currency', 'category_id', 'kind', 'business_type', 'is_income', 'amount'])
    .where('user_id', '=', userId)
    .$if(from !== undefined, (q) => q.where('time', '>', from ?? 0))
    .where('time', '<=', to)
    .execute();
  for (const r of tx) {
    out.push({
      day: r.day,
      currency: r.currency,
      categoryId: r.category_id,
      kind: r.kind,
      businessType: r.business_type ?? '',
      isIncome: r.is_income === 1,
      amount: BigInt(r.amount),
    });
  }
  const conv = await db
    .selectFrom('conversions')
    .select(['day', 'from_currency', 'to_currency', 'from_amount', 'to_amount'])
    .where('user_id', '=', userId)
    .$if(from !== undefined, (q) => q.where('time', '>', from ?? 0))
    .where('time', '<=', to)
    .execute();
  for (const c of conv) {
    const leg = { day: c.day, categoryId: 0, kind: 'conversion' as const, businessType: '' as const };
    out.push({ ...leg, currency: c.from_currency, isIncome: false, amount: BigInt(c.from_amount) });
    out.push({ ...leg, currency: c.to_currency, isIncome: true, amount: BigInt(c.to_amount) });
  }
  return out;
}

/** The three measures of one day and currency, in minor units. */
export interface DayMeasures {
  day: number;
  currency: string;
  cash: bigint;
  loan: bigint;
  pending: bigint;
}

/**
 * Cash, loan and pending per day and currency over (after, until], summed in SQL: a few rows a
 * day however many transactions and categories there are (balance history walks these).
 */
export async function measuresByDay(
  db: Kysely<DB>,
  userId: number,
  after: number | undefined,
  until: number,
): Promise<DayMeasures[]> {
  const split = splitRange(after, until);
  const out: DayMeasures[] = [];
  if (split.days !== undefined) {
    const { firstDay, lastDay } = split.days;
    const rows = await db
      .selectFrom('daily_totals')
      .select(['day', 'currency', MEASURES.cash.as('cash'), MEASURES.loan.as('loan'), MEASURES.pending.as('pending')])
      .where('user_id', '=', userId)
      .$if(firstDay !== undefined, (q) => q.where('day', '>=', firstDay ?? 0))
      .where('day', '<=', lastDay)
      .groupBy(['day', 'currency'])
      .execute();
    for (const r of rows)
      out.push({
        day: r.day,
        currency: r.currency,
        cash: BigInt(r.cash),
        loan: BigInt(r.loan),
        pending: BigInt(r.pending),
      });
  }
  for (const [from, to] of split.raw) {
    const perCurrency = new Map<string, DayMeasures>();
    for (const measure of ['cash', 'loan', 'pending'] as const) {
      const sums: PerCurrency = new Map();
      await rawFlows(db, userId, measure, from, to, sums);
      for (const [currency, v] of sums) {
        const m = perCurrency.get(currency) ?? { day: utcDayOf(to), currency, cash: 0n, loan: 0n, pending: 0n };
        m[measure] += v;
        perCurrency.set(currency, m);
      }
    }
    out.push(...perCurrency.values());
  }
  return out;
}
