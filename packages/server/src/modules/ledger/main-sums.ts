import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DailyTotalsTable, DB } from '../../db/schema.js';
import type { Converter } from '../rates/conversion.js';
import { firstDayOfMonth, monthOfDay, wholeMonthsBetween, type MonthRange } from './daily-totals.js';
import { rawTotals, splitRange, type FlowTotal } from './flows.js';
import { joinScaled, scaledValue } from './main-values.js';

/** What a main-currency sum is grouped by; the flow type (kind, business type, direction) always. */
export interface MainGroup {
  month: number;
  categoryId: number;
  kind: DailyTotalsTable['kind'];
  businessType: DailyTotalsTable['business_type'];
  isIncome: boolean;
}

/** One group's sum in 10^-12 minor units of the main currency (round it once with roundScaled). */
export interface MainSum extends MainGroup {
  scaled: bigint;
}

/** Which totals count: every list empty or absent means "any". */
export interface MainFilter {
  categoryIds?: readonly number[];
  currencies?: readonly string[];
  isIncome?: readonly boolean[];
  kinds?: readonly DailyTotalsTable['kind'][];
}

export interface MainSumOptions {
  /** Group by month too (multi-period reports); otherwise month is 0. */
  byMonth?: boolean;
  /** Group by category too; otherwise categoryId is 0. */
  byCategory?: boolean;
  filter?: MainFilter;
}

/**
 * The months mainSums reads from the monthly roll-ups over (after, until]: those lying whole in
 * its days, unless a currency filter asks for what monthly rows no longer know.
 */
export function rolledUpMonths(
  after: number | undefined,
  until: number,
  filter: MainFilter = {},
): MonthRange | undefined {
  const { days } = splitRange(after, until);
  if (days === undefined || any(filter.currencies)) return undefined;
  return wholeMonthsBetween(days.firstDay, days.lastDay);
}

const any = <T>(list: readonly T[] | undefined): list is readonly T[] => list !== undefined && list.length > 0;

/** The filter as a condition on daily totals (or a roll-up, which has their columns but currency). */
function filterWhere(eb: ExpressionBuilder<DB, 'daily_totals'>, filter: MainFilter) {
  const terms = [];
  if (any(filter.categoryIds)) terms.push(eb('category_id', 'in', filter.categoryIds));
  if (any(filter.currencies)) terms.push(eb('currency', 'in', filter.currencies));
  if (any(filter.isIncome))
    terms.push(
      eb(
        'is_income',
        'in',
        filter.isIncome.map((b) => (b ? 1 : 0)),
      ),
    );
  if (any(filter.kinds)) terms.push(eb('kind', 'in', filter.kinds));
  return eb.and(terms);
}

/** The filter as a test of one total read from the rows. */
const matcherOf = (filter: MainFilter) => (t: FlowTotal) =>
  (!any(filter.categoryIds) || filter.categoryIds.includes(t.categoryId)) &&
  (!any(filter.currencies) || filter.currencies.includes(t.currency)) &&
  (!any(filter.isIncome) || filter.isIncome.includes(t.isIncome)) &&
  (!any(filter.kinds) || filter.kinds.includes(t.kind));

/**
 * Main-currency sums over the instants (after, until], grouped by flow type (and month and
 * category when asked). Whole days are summed in SQL from the stored values of the daily totals
 * (a few rows come back however long the range); only the partial days at both edges are read
 * row by row, grouped into daily totals and valued the same way. The caller values unvalued
 * totals first (MainValuesRepository.settle); undefined when one was cleared meanwhile.
 */
export async function mainSums(
  db: Kysely<DB>,
  userId: number,
  converter: Converter,
  after: number | undefined,
  until: number,
  options: MainSumOptions = {},
): Promise<MainSum[] | undefined> {
  const { byMonth = false, byCategory = false, filter = {} } = options;
  const groups = new Map<string, MainSum>();
  const add = (g: MainGroup, scaled: bigint) => {
    const key = `${g.month}|${g.categoryId}|${g.kind}|${g.businessType}|${g.isIncome}`;
    const known = groups.get(key);
    if (known === undefined) groups.set(key, { ...g, scaled });
    else known.scaled += scaled;
  };
  const split = splitRange(after, until);
  if (split.days !== undefined) {
    const { firstDay, lastDay } = split.days;
    // Whole months inside the days come from monthly_main (one row per month and category),
    // unless a filter needs the currency, which monthly rows no longer know: then every day is
    // read from the daily totals. Months still waiting for their rebuild are read by day too.
    const months = rolledUpMonths(after, until, filter);
    const dirty =
      months === undefined
        ? []
        : (
            await db
              .selectFrom('dirty_months')
              .select('month')
              .where('user_id', '=', userId)
              .where('month', '>=', months[0])
              .where('month', '<=', months[1])
              .execute()
          ).map((d) => d.month);
    // Both tables have every column these sums name; the daily one adds day, currency and NULLs.
    const summed = (table: 'daily_totals' | 'monthly_main') =>
      db
        .selectFrom(table as 'daily_totals')
        .select([
          byMonth ? 'month' : sql<number>`0`.as('month'),
          byCategory ? 'category_id' : sql<number>`0`.as('category_id'),
          'kind',
          'business_type',
          'is_income',
          sql<string>`sum(main_minor)`.as('minor'),
          sql<string>`sum(main_frac)`.as('frac'),
          // A total cleared by a write after the caller valued them: the caller values and asks again.
          sql<string>`sum(case when main_minor is null then 1 else 0 end)`.as('unvalued'),
        ])
        .where('user_id', '=', userId)
        .where((eb) => filterWhere(eb, { ...filter, currencies: [] }))
        .groupBy([
          ...(byMonth ? (['month'] as const) : []),
          ...(byCategory ? (['category_id'] as const) : []),
          'kind',
          'business_type',
          'is_income',
        ]);
    // One compound statement of index range scans: the clean whole months from monthly_main, and
    // from the daily totals the partial months at both ends and the dirty months (by month).
    const daily = () =>
      summed('daily_totals').$if(any(filter.currencies), (q) => q.where('currency', 'in', filter.currencies ?? []));
    const branches = [];
    if (months === undefined) {
      branches.push(
        daily()
          .$if(firstDay !== undefined, (q) => q.where('day', '>=', firstDay ?? 0))
          .where('day', '<=', lastDay),
      );
    } else {
      const [m0, m1] = months;
      branches.push(
        summed('monthly_main')
          .where('month', '>=', m0)
          .where('month', '<=', m1)
          .$if(dirty.length > 0, (q) => q.where('month', 'not in', dirty)),
      );
      if (firstDay === undefined || firstDay < firstDayOfMonth(m0))
        branches.push(
          daily()
            .$if(firstDay !== undefined, (q) => q.where('day', '>=', firstDay ?? 0))
            .where('day', '<', firstDayOfMonth(m0)),
        );
      if (lastDay >= firstDayOfMonth(m1 + 1))
        branches.push(
          daily()
            .where('day', '>=', firstDayOfMonth(m1 + 1))
            .where('day', '<=', lastDay),
        );
      if (dirty.length > 0) branches.push(daily().where('month', 'in', dirty));
    }
    const [head, ...rest] = branches;
    const rows = head === undefined ? [] : await rest.reduce((q, b) => q.unionAll(b), head).execute();
    if (rows.some((r) => Number(r.unvalued) > 0)) return undefined;
    for (const r of rows)
      add(
        {
          month: r.month,
          categoryId: r.category_id,
          kind: r.kind,
          businessType: r.business_type,
          isIncome: r.is_income === 1,
        },
        joinScaled(r.minor, r.frac),
      );
  }
  const matches = matcherOf(filter);
  for (const [from, to] of split.raw) {
    // Rows of a partial day are grouped into the daily totals they belong to before valuing, so
    // an edge day counts exactly as it would as a whole day.
    const totals = new Map<string, FlowTotal>();
    for (const t of await rawTotals(db, userId, from, to)) {
      if (!matches(t)) continue;
      const key = `${t.day}|${t.currency}|${t.categoryId}|${t.kind}|${t.businessType}|${t.isIncome}`;
      const known = totals.get(key);
      if (known === undefined) totals.set(key, { ...t });
      else known.amount += t.amount;
    }
    for (const t of totals.values())
      add(
        {
          month: byMonth ? monthOfDay(t.day) : 0,
          categoryId: byCategory ? t.categoryId : 0,
          kind: t.kind,
          businessType: t.businessType,
          isIncome: t.isIncome,
        },
        scaledValue(converter, t.amount, t.currency, t.day),
      );
  }
  return [...groups.values()];
}

/**
 * As mainSums, with every total valued by `converter` as it is read, for report views the stored
 * main values cannot serve (issue 21: a currency other than the main one, or all flows at one
 * day's rates). Each daily total is valued at its own day's rate; at a fixed day
 * (converter.fixedDay) each currency's amounts are summed first and valued once at that day's
 * rates. Reads every daily total of the range, so it costs what the days cost, not the months.
 */
export async function convertedSums(
  db: Kysely<DB>,
  userId: number,
  converter: Converter,
  after: number | undefined,
  until: number,
  options: MainSumOptions = {},
): Promise<MainSum[]> {
  const { byMonth = false, byCategory = false, filter = {} } = options;
  const atOneDay = converter.fixedDay !== undefined;
  // Amounts per group, currency and (unless at one day) day, valued once each at the end.
  const amounts = new Map<string, { g: MainGroup; currency: string; day: number; amount: bigint }>();
  const add = (t: FlowTotal) => {
    const g: MainGroup = {
      month: byMonth ? monthOfDay(t.day) : 0,
      categoryId: byCategory ? t.categoryId : 0,
      kind: t.kind,
      businessType: t.businessType,
      isIncome: t.isIncome,
    };
    const day = atOneDay ? 0 : t.day;
    const key = `${g.month}|${g.categoryId}|${g.kind}|${g.businessType}|${g.isIncome}|${t.currency}|${day}`;
    const known = amounts.get(key);
    if (known === undefined) amounts.set(key, { g, currency: t.currency, day: t.day, amount: t.amount });
    else known.amount += t.amount;
  };
  const matches = matcherOf(filter);
  const split = splitRange(after, until);
  if (split.days !== undefined) {
    const { firstDay, lastDay } = split.days;
    const rows = await db
      .selectFrom('daily_totals')
      .select([
        atOneDay ? sql<number>`min(day)`.as('day') : 'day',
        'currency',
        'category_id',
        'kind',
        'business_type',
        'is_income',
        sql<string>`sum(amount)`.as('amount'),
      ])
      .where('user_id', '=', userId)
      .$if(firstDay !== undefined, (q) => q.where('day', '>=', firstDay ?? 0))
      .where('day', '<=', lastDay)
      .where((eb) => filterWhere(eb, filter))
      .groupBy([
        ...(atOneDay ? (byMonth ? (['month'] as const) : []) : (['day'] as const)),
        'currency',
        'category_id',
        'kind',
        'business_type',
        'is_income',
      ])
      .execute();
    for (const r of rows)
      add({
        day: r.day,
        currency: r.currency,
        categoryId: r.category_id,
        kind: r.kind,
        businessType: r.business_type,
        isIncome: r.is_income === 1,
        amount: BigInt(r.amount),
      });
  }
  for (const [from, to] of split.raw) for (const t of await rawTotals(db, userId, from, to)) if (matches(t)) add(t);
  const groups = new Map<string, MainSum>();
  for (const { g, currency, day, amount } of amounts.values()) {
    const key = `${g.month}|${g.categoryId}|${g.kind}|${g.businessType}|${g.isIncome}`;
    const scaled = scaledValue(converter, amount, currency, day);
    const known = groups.get(key);
    if (known === undefined) groups.set(key, { ...g, scaled });
    else known.scaled += scaled;
  }
  return [...groups.values()];
}
