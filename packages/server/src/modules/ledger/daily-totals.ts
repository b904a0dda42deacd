import type { Minor } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DailyTotalsTable, DB } from '../../db/schema.js';
import { invalidateHistory } from './history-points.js';
import type { ConversionRow, TransactionRow } from './rows.js';

/** A daily total in its own currency: everything but the main-currency value derived from it. */
export type NativeTotal = Omit<DailyTotalsTable, 'main_minor' | 'main_frac'>;

/** A total's stored main value: whole minor units and the 10^-12 remainder, or both null (the next report values it). */
export type StoredValue = Pick<DailyTotalsTable, 'main_minor' | 'main_frac'>;

export const UNVALUED: StoredValue = { main_minor: null, main_frac: null };

/** One change to a daily total: amount and count are added (negative to take away). */
export type TotalDelta = Omit<NativeTotal, 'user_id'>;

/** The month key of a UTC day: year × 12 + month index (monthly reports group by it in SQL). */
export function monthOfDay(day: number): number {
  const d = new Date(day * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** The day a month key starts on. */
export function firstDayOfMonth(month: number): number {
  return Date.UTC(Math.floor(month / 12), month % 12, 1) / 86_400_000;
}

/** First and last month key, both included. */
export type MonthRange = readonly [number, number];

/**
 * The months lying whole inside the days firstDay..lastDay (from the first day on when
 * firstDay is undefined): what a report can read from the monthly roll-ups. Undefined when none.
 */
export function wholeMonthsBetween(firstDay: number | undefined, lastDay: number): MonthRange | undefined {
  const first =
    firstDay === undefined ? 0 : monthOfDay(firstDay) + (firstDayOfMonth(monthOfDay(firstDay)) === firstDay ? 0 : 1);
  const last = monthOfDay(lastDay + 1) - 1;
  return first <= last ? [first, last] : undefined;
}

/** The daily-total contributions of a transaction, signed by `sign` (+1 add, -1 remove). */
export function transactionDeltas(t: Omit<TransactionRow, 'id'>, sign: 1 | -1): TotalDelta[] {
  return [
    {
      day: t.day,
      month: monthOfDay(t.day),
      currency: t.currency,
      category_id: t.categoryId,
      kind: t.kind,
      business_type: t.businessType ?? '',
      is_income: t.isIncome ? 1 : 0,
      amount: sign * t.amount,
      count: sign,
    },
  ];
}

/** The two legs of a conversion: money out in fromCurrency, money in in toCurrency. */
export function conversionDeltas(c: Omit<ConversionRow, 'id'>, sign: 1 | -1): TotalDelta[] {
  const leg = (currency: string, amount: Minor, isIncome: number): TotalDelta => ({
    day: c.day,
    month: monthOfDay(c.day),
    currency,
    category_id: 0,
    kind: 'conversion',
    business_type: '',
    is_income: isIncome,
    amount: sign * amount,
    count: sign,
  });
  // A transfer between two pockets of one currency is no flow of any currency (DESIGN §4): only
  // the pocket rule, which reads the rows, sees it.
  if (c.fromCurrency === c.toCurrency) return [];
  return [leg(c.fromCurrency, c.fromAmount, 0), leg(c.toCurrency, c.toAmount, 1)];
}

/**
 * What a (signed) daily-total change adds to the three measures of DESIGN §4, as MEASURES in
 * flows.ts sums them in SQL: cash (realize moves none), loans (given minus taken) and business
 * money (invested minus returned, plus realised P&L; pnl is cash P&L, not money in the business).
 */
export function nativeMeasures(d: Pick<TotalDelta, 'kind' | 'business_type' | 'is_income' | 'amount'>): {
  cash: Minor;
  loan: Minor;
  pending: Minor;
} {
  const signed = d.is_income === 1 ? d.amount : -d.amount;
  const cash = d.business_type === 'realize' ? 0 : signed;
  const loan = d.kind === 'loan' ? -signed : 0;
  const pending =
    d.kind !== 'business' || d.business_type === 'pnl' ? 0 : d.business_type === 'realize' ? signed : -signed;
  return { cash, loan, pending };
}

/** A daily total's key (day, currency, category, business type, direction) as one string, for maps of totals. */
export function totalKey(
  t: Pick<TotalDelta, 'day' | 'currency' | 'category_id' | 'business_type' | 'is_income'>,
): string {
  return `${t.day}|${t.currency}|${t.category_id}|${t.business_type}|${t.is_income}`;
}

/** The order of daily_totals' key (day, currency, category, business type, direction). */
function byTotalKey(a: TotalDelta, b: TotalDelta): number {
  return (
    a.day - b.day ||
    (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0) ||
    a.category_id - b.category_id ||
    (a.business_type < b.business_type ? -1 : a.business_type > b.business_type ? 1 : 0) ||
    a.is_income - b.is_income
  );
}

/** Rows per statement of applyMany: 500 totals of 11 columns stay well within every driver's bound parameters. */
const MANY_ROWS = 500;

/** SQL for daily_totals. Callers pass their transaction so totals and rows change together. */
export class DailyTotalsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Adds the deltas; totals whose count drops to zero are removed. A changed total loses its
   * main-currency value: the next report values it again (ledger/main-values.ts); its day's and
   * month's native measures (daily_native, monthly_native) change by the same amounts; kept balance history from its
   * day on is out of date (ledger/history-points.ts).
   */
  async apply(userId: number, deltas: readonly TotalDelta[]): Promise<void> {
    // In key order, as reports lock the totals they value (main-values.ts): no deadlock between them.
    for (const d of [...deltas].sort(byTotalKey)) {
      await this.db
        .insertInto('daily_totals')
        .values({ user_id: userId, ...d, main_minor: null, main_frac: null })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day', 'currency', 'category_id', 'business_type', 'is_income']).doUpdateSet((eb) => ({
            amount: eb('daily_totals.amount', '+', eb.ref('excluded.amount')),
            count: eb('daily_totals.count', '+', eb.ref('excluded.count')),
            main_minor: null,
            main_frac: null,
          })),
        )
        .execute();
    }
    await markDirtyMonths(this.db, userId, [...new Set(deltas.map((d) => d.month))]);
    for (const d of deltas) {
      const m = nativeMeasures(d);
      await this.db
        .insertInto('monthly_native')
        .values({ user_id: userId, month: d.month, currency: d.currency, ...m })
        .onConflict((oc) =>
          oc.columns(['user_id', 'month', 'currency']).doUpdateSet((eb) => ({
            cash: eb('monthly_native.cash', '+', eb.ref('excluded.cash')),
            loan: eb('monthly_native.loan', '+', eb.ref('excluded.loan')),
            pending: eb('monthly_native.pending', '+', eb.ref('excluded.pending')),
          })),
        )
        .execute();
      await this.db
        .insertInto('daily_native')
        .values({ user_id: userId, day: d.day, currency: d.currency, ...m })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day', 'currency']).doUpdateSet((eb) => ({
            cash: eb('daily_native.cash', '+', eb.ref('excluded.cash')),
            loan: eb('daily_native.loan', '+', eb.ref('excluded.loan')),
            pending: eb('daily_native.pending', '+', eb.ref('excluded.pending')),
          })),
        )
        .execute();
    }
    if (deltas.length > 0) await invalidateHistory(this.db, userId, Math.min(...deltas.map((d) => d.day)));
    for (const d of deltas) {
      if (d.count >= 0) continue;
      await this.db
        .deleteFrom('daily_totals')
        .where('user_id', '=', userId)
        .where('day', '=', d.day)
        .where('currency', '=', d.currency)
        .where('category_id', '=', d.category_id)
        .where('business_type', '=', d.business_type)
        .where('is_income', '=', d.is_income)
        .where('count', '<=', 0)
        .execute();
    }
  }

  /**
   * What apply() does, in statements of many rows rather than several per total: for bulk writes
   * whose totals are already summed per key (derived.ts DeltaSum, so no key comes twice in one
   * statement). A changed total takes the value `values` holds for its new amount
   * (write-values.ts) or loses it; a rebuild of the derived tables would touch them all.
   */
  async applyMany(
    userId: number,
    deltas: readonly TotalDelta[],
    values: ReadonlyMap<string, StoredValue> = new Map(),
  ): Promise<void> {
    if (deltas.length === 0) return;
    // In key order, as apply() and the reports lock totals (main-values.ts): no deadlock between them.
    const sorted = [...deltas].sort(byTotalKey);
    for (let i = 0; i < sorted.length; i += MANY_ROWS)
      await this.db
        .insertInto('daily_totals')
        .values(
          sorted
            .slice(i, i + MANY_ROWS)
            .map((d) => ({ user_id: userId, ...d, ...(values.get(totalKey(d)) ?? UNVALUED) })),
        )
        .onConflict((oc) =>
          oc.columns(['user_id', 'day', 'currency', 'category_id', 'business_type', 'is_income']).doUpdateSet((eb) => ({
            amount: eb('daily_totals.amount', '+', eb.ref('excluded.amount')),
            count: eb('daily_totals.count', '+', eb.ref('excluded.count')),
            // The value of the summed amount (write-values.ts valuesAfter), or none.
            main_minor: eb.ref('excluded.main_minor'),
            main_frac: eb.ref('excluded.main_frac'),
          })),
        )
        .execute();
    await markDirtyMonths(this.db, userId, [...new Set(deltas.map((d) => d.month))]);
    // The native measures, summed per month and per day first (one row per key and statement).
    type Measures = ReturnType<typeof nativeMeasures>;
    const add = <K>(into: Map<string, K & Measures>, key: string, base: K, m: Measures) => {
      const row = into.get(key);
      if (row === undefined) into.set(key, { ...base, ...m });
      else {
        row.cash += m.cash;
        row.loan += m.loan;
        row.pending += m.pending;
      }
    };
    const months = new Map<string, { month: number; currency: string } & Measures>();
    const days = new Map<string, { day: number; currency: string } & Measures>();
    for (const d of deltas) {
      const m = nativeMeasures(d);
      add(months, `${d.month}|${d.currency}`, { month: d.month, currency: d.currency }, m);
      add(days, `${d.day}|${d.currency}`, { day: d.day, currency: d.currency }, m);
    }
    const monthRows = [...months.values()];
    for (let i = 0; i < monthRows.length; i += MANY_ROWS)
      await this.db
        .insertInto('monthly_native')
        .values(monthRows.slice(i, i + MANY_ROWS).map((r) => ({ user_id: userId, ...r })))
        .onConflict((oc) =>
          oc.columns(['user_id', 'month', 'currency']).doUpdateSet((eb) => ({
            cash: eb('monthly_native.cash', '+', eb.ref('excluded.cash')),
            loan: eb('monthly_native.loan', '+', eb.ref('excluded.loan')),
            pending: eb('monthly_native.pending', '+', eb.ref('excluded.pending')),
          })),
        )
        .execute();
    const dayRows = [...days.values()];
    for (let i = 0; i < dayRows.length; i += MANY_ROWS)
      await this.db
        .insertInto('daily_native')
        .values(dayRows.slice(i, i + MANY_ROWS).map((r) => ({ user_id: userId, ...r })))
        .onConflict((oc) =>
          oc.columns(['user_id', 'day', 'currency']).doUpdateSet((eb) => ({
            cash: eb('daily_native.cash', '+', eb.ref('excluded.cash')),
            loan: eb('daily_native.loan', '+', eb.ref('excluded.loan')),
            pending: eb('daily_native.pending', '+', eb.ref('excluded.pending')),
          })),
        )
        .execute();
    await invalidateHistory(this.db, userId, Math.min(...deltas.map((d) => d.day)));
    // Totals whose last transaction went: one statement over the user's totals.
    if (deltas.some((d) => d.count < 0))
      await this.db.deleteFrom('daily_totals').where('user_id', '=', userId).where('count', '<=', 0).execute();
  }

  /**
   * The totals as they should be, computed from scratch from the transactions and conversions
   * (sorted like all()). The maintained table must always equal this.
   */
  async recompute(userId: number): Promise<NativeTotal[]> {
    const tx = await this.db
      .selectFrom('transactions')
      .select((eb) => [
        'day',
        'currency',
        'category_id',
        'kind',
        'business_type',
        'is_income',
        // sum(bigint) is numeric in PostgreSQL, which arrives as an exact decimal string.
        eb.fn.sum<number | string>('amount').as('amount'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('user_id', '=', userId)
      .groupBy(['day', 'currency', 'category_id', 'kind', 'business_type', 'is_income'])
      .execute();
    const conversions = await this.db.selectFrom('conversions').selectAll().where('user_id', '=', userId).execute();
    const totals = new Map<string, NativeTotal>();
    const add = (t: NativeTotal) => {
      const key = [t.day, t.currency, t.category_id, t.business_type, t.is_income].join('|');
      const existing = totals.get(key);
      if (existing === undefined) totals.set(key, { ...t });
      else {
        existing.amount += t.amount;
        existing.count += t.count;
      }
    };
    for (const r of tx) {
      add({
        ...r,
        user_id: userId,
        month: monthOfDay(r.day),
        business_type: r.business_type ?? '',
        amount: Number(r.amount),
        count: r.count,
      });
    }
    for (const c of conversions) {
      const legs = conversionDeltas(
        {
          fromAmount: c.from_amount,
          fromCurrency: c.from_currency,
          toAmount: c.to_amount,
          toCurrency: c.to_currency,
          description: '',
          time: c.time,
          day: c.day,
        },
        1,
      );
      for (const leg of legs) add({ user_id: userId, ...leg });
    }
    const key = (t: NativeTotal): [number, string, number, string, number] => [
      t.day,
      t.currency,
      t.category_id,
      t.business_type,
      t.is_income,
    ];
    return [...totals.values()].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i++) {
        const xi = x[i] as number | string;
        const yi = y[i] as number | string;
        if (xi < yi) return -1;
        if (xi > yi) return 1;
      }
      return 0;
    });
  }

  /** The totals of one category (all days), for loan and business summaries. */
  async ofCategory(userId: number, categoryId: number): Promise<DailyTotalsTable[]> {
    return this.db
      .selectFrom('daily_totals')
      .selectAll()
      .where('user_id', '=', userId)
      .where('category_id', '=', categoryId)
      .execute();
  }

  /** Every total of the user in its own currency, for checks against recompute(). */
  async all(userId: number): Promise<NativeTotal[]> {
    return this.db
      .selectFrom('daily_totals')
      .select([
        'user_id',
        'day',
        'month',
        'currency',
        'category_id',
        'kind',
        'business_type',
        'is_income',
        'amount',
        'count',
      ])
      .where('user_id', '=', userId)
      .orderBy('day')
      .orderBy('currency')
      .orderBy('category_id')
      .orderBy('business_type')
      .orderBy('is_income')
      .execute();
  }
}

/**
 * Lists the months whose monthly_main rows no longer match their daily totals (version + 1 each
 * time, so a rebuild that read an older state does not take a newer change off the list).
 */
export async function markDirtyMonths(db: Kysely<DB>, userId: number, months: readonly number[]): Promise<void> {
  for (const month of months)
    await db
      .insertInto('dirty_months')
      .values({ user_id: userId, month, version: 1 })
      .onConflict((oc) =>
        oc.columns(['user_id', 'month']).doUpdateSet((eb) => ({ version: eb('dirty_months.version', '+', 1) })),
      )
      .execute();
}
