import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DailyTotalsTable, DB } from '../../db/schema.js';
import { firstDayOfMonth, wholeMonthsBetween } from '../ledger/index.js';
import { rawTotals, type FlowTotal, type PerCurrency } from '../ledger/index.js';
import { conversionFromColumns, type ConversionRow } from '../ledger/index.js';

/** The main-currency value of one currency's flows of one type over whole days (10^-12 minor units). */
export interface ValuedFlow {
  currency: string;
  kind: DailyTotalsTable['kind'];
  businessType: DailyTotalsTable['business_type'];
  isIncome: boolean;
  /** Σ stored values (main_minor × 10^12 + main_frac): join with joinScaled. */
  minor: string;
  frac: string;
}

/** SQL of the insights reports; every query is scoped by user. */
export class InsightsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The user's conversions with start <= time <= end, oldest first (time, then id); transfers
   * between two pockets of one currency exchange nothing, so they are not among them.
   */
  async conversionsBetween(userId: number, start: number, end: number): Promise<ConversionRow[]> {
    const rows = await this.db
      .selectFrom('conversions')
      .selectAll()
      .where('user_id', '=', userId)
      .whereRef('from_currency', '<>', 'to_currency')
      .where('time', '>=', start)
      .where('time', '<=', end)
      .orderBy('time')
      .orderBy('id')
      .execute();
    return rows.map(conversionFromColumns);
  }

  /** The rows of (from, to] (a partial day at a range's edge) as flow totals, from the ledger. */
  rawTotals(userId: number, from: number | undefined, to: number): Promise<FlowTotal[]> {
    return rawTotals(this.db, userId, from, to);
  }

  /**
   * The stored main-currency values of the flows of firstDay..lastDay that change what a currency
   * is worth in total (DESIGN §4: real and external flows, business pnl and realize, and
   * conversion legs; loans and invest only move money between holdings of one currency), summed
   * per currency and flow type: clean whole months from monthly_main_currency, the partial months
   * at both ends and months waiting for their rebuild from the daily totals, in one statement.
   * Undefined when a total has no value (a write cleared it after the caller settled): the caller
   * settles and asks again.
   */
  async valuedFlows(userId: number, firstDay: number, lastDay: number): Promise<ValuedFlow[] | undefined> {
    const months = wholeMonthsBetween(firstDay, lastDay);
    const dirty =
      months === undefined
        ? []
        : (
            await this.db
              .selectFrom('dirty_months')
              .select('month')
              .where('user_id', '=', userId)
              .where('month', '>=', months[0])
              .where('month', '<=', months[1])
              .execute()
          ).map((d) => d.month);
    const summed = (table: 'daily_totals' | 'monthly_main_currency') =>
      this.db
        .selectFrom(table as 'daily_totals')
        .select([
          'currency',
          'kind',
          'business_type',
          'is_income',
          sql<string>`sum(main_minor)`.as('minor'),
          sql<string>`sum(main_frac)`.as('frac'),
          sql<string>`sum(case when main_minor is null then 1 else 0 end)`.as('unvalued'),
        ])
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([eb('kind', 'in', ['real', 'external', 'conversion']), eb('business_type', 'in', ['pnl', 'realize'])]),
        )
        .groupBy(['currency', 'kind', 'business_type', 'is_income']);
    const branches = [];
    if (months === undefined)
      branches.push(summed('daily_totals').where('day', '>=', firstDay).where('day', '<=', lastDay));
    else {
      const [m0, m1] = months;
      branches.push(
        summed('monthly_main_currency')
          .where('month', '>=', m0)
          .where('month', '<=', m1)
          .$if(dirty.length > 0, (q) => q.where('month', 'not in', dirty)),
      );
      if (firstDay < firstDayOfMonth(m0))
        branches.push(summed('daily_totals').where('day', '>=', firstDay).where('day', '<', firstDayOfMonth(m0)));
      if (lastDay >= firstDayOfMonth(m1 + 1))
        branches.push(
          summed('daily_totals')
            .where('day', '>=', firstDayOfMonth(m1 + 1))
            .where('day', '<=', lastDay),
        );
      if (dirty.length > 0) branches.push(summed('daily_totals').where('month', 'in', dirty));
    }
    const [head, ...rest] = branches;
    const rows = head === undefined ? [] : await rest.reduce((q, b) => q.unionAll(b), head).execute();
    if (rows.some((r) => Number(r.unvalued) > 0)) return undefined;
    return rows.map((r) => ({
      currency: r.currency,
      kind: r.kind,
      businessType: r.business_type,
      isIncome: r.is_income === 1,
      minor: r.minor,
      frac: r.frac,
    }));
  }

  /**
   * Cash per currency (DESIGN §4 available's flows) of the whole days firstDay..lastDay from the
   * native daily totals, summed per bucket of `step` days ending at lastDay (bucket b holds the
   * days lastDay − step·b − step + 1 … lastDay − step·b); the buckets listed in `byDay` (those
   * holding a fixpoint, where available restarts) come per day instead. A day's key is −1 − day.
   */
  async cashByBucket(
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
    const rows = await this.db
      .selectFrom('daily_native')
      .select([key.as('key'), 'currency', sql<string>`sum(cash)`.as('cash')])
      .where('user_id', '=', userId)
      .where('day', '>=', firstDay)
      .where('day', '<=', lastDay)
      .groupBy([key, 'currency'])
      .execute();
    return rows.map((r) => ({ key: Number(r.key), currency: r.currency, cash: BigInt(r.cash) }));
  }

  /**
   * The cash per currency of each instant range (after, until] (DESIGN §4: realize moves none;
   * conversions move both legs), in two statements for all ranges (one index range scan per
   * range) instead of two per range. Ranges must not overlap.
   */
  async cashOver(userId: number, ranges: readonly (readonly [after: number, until: number])[]): Promise<PerCurrency[]> {
    const out = ranges.map((): PerCurrency => new Map());
    if (ranges.length === 0) return out;
    const sorted = ranges.map(([after, until], i) => ({ after, until, i })).sort((a, b) => a.after - b.after);
    const rangeOf = (time: number) => {
      // The last range starting before `time`, if it reaches it.
      let lo = 0;
      let hi = sorted.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((sorted[mid]?.after ?? 0) < time) lo = mid;
        else hi = mid - 1;
      }
      const r = sorted[lo];
      return r !== undefined && r.after < time && time <= r.until ? out[r.i] : undefined;
    };
    const add = (time: number, currency: string, v: bigint) => {
      const into = rangeOf(time);
      if (into !== undefined && v !== 0n) into.set(currency, (into.get(currency) ?? 0n) + v);
    };
    const within = (eb: ExpressionBuilder<DB, 'transactions' | 'conversions'>) =>
      eb.or(
        ranges.map(([after, until]) =>
          eb.and([eb('user_id', '=', userId), eb('time', '>', after), eb('time', '<=', until)]),
        ),
      );
    // Both tables at once (on PostgreSQL each read is a round trip of its own).
    const [tx, conv] = await Promise.all([
      this.db
        .selectFrom('transactions')
        .select(['time', 'currency', 'business_type', 'is_income', 'amount'])
        .where((eb) => within(eb as ExpressionBuilder<DB, 'transactions' | 'conversions'>))
        .execute(),
      this.db
        .selectFrom('conversions')
        .select(['time', 'from_currency', 'from_amount', 'to_currency', 'to_amount'])
        .where((eb) => within(eb as ExpressionBuilder<DB, 'transactions' | 'conversions'>))
        .execute(),
    ]);
    for (const r of tx)
      if (r.business_type !== 'realize')
        add(r.time, r.currency, r.is_income === 1 ? BigInt(r.amount) : -BigInt(r.amount));
    for (const c of conv) {
      add(c.time, c.from_currency, -BigInt(c.from_amount));
      add(c.time, c.to_currency, BigInt(c.to_amount));
    }
    return out;
  }
}
