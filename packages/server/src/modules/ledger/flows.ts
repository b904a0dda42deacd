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

/** The measures as SQL sums; transactions and daily totals name the same columns. */
export const MEASURES = {
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
    // A transfer within one currency is no flow (as in the daily totals, conversionDeltas).
    .whereRef('from_currency', '<>', 'to_currency')
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
 * Cash, loan and pending per day and currency over (after, until]: whole days from daily_native
 * (a row per day and currency however many transactions and categories), edge days from the rows.
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
      .selectFrom('daily_native')
      .select(['day', 'currency', 'cash', 'loan', 'pending'])
      .where('user_id', '=', userId)
      .$if(firstDay !== undefined, (q) => q.where('day', '>=', firstDay ?? 0))
      .where('day', '<=', lastDay)
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

/**
 * Cash per currency (DESIGN §4 available's flows) of the whole days firstDay..lastDay from the
 * native daily totals, summed per bucket of `step` days ending at lastDay (bucket b holds the
 * days lastDay − step·b − step + 1 … lastDay − step·b); the buckets listed in `byDay` (those
 * holding a fixpoint, where available restarts) come per day instead. A day's key is −1 − day.
 */
export async function cashByBucket(
  db: Kysely<DB>,
  userId: number,
  firstDay: number,
  lastDay: number,
  step: number,
  byDay: readonly number[],
): Promise<{ key: number; currency: string; cash: bigint }[]> {
  // Whole numbers written into the statement, not parameters: PostgreSQL must see the grouping
  // expression and the selected one as the same text.
  const int = (n: number) => sql.lit(Math.trunc(n));
  const bucket = sql<number | string>`((${int(lastDay)} - day) / ${int(step)})`;
  const key =
    byDay.length === 0
      ? bucket
      : sql<number | string>`(case when ${bucket} in (${sql.join(byDay.map(int))}) then -1 - day else ${bucket} end)`;
  const rows = await db
    .selectFrom('daily_native')
    .select([key.as('key'), 'currency', sql<string>`sum(cash)`.as('cash')])
    .where('user_id', '=', userId)
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay)
    .groupBy([key, 'currency'])
    .execute();
  return rows.map((r) => ({ key: Number(r.key), currency: r.currency, cash: BigInt(r.cash) }));
}
