import { sql, type Kysely } from 'kysely';
import type { DailyTotalsTable, DB } from '../../db/schema.js';
import type { Converter } from '../rates/conversion.js';
import { firstDayOfMonth, monthOfDay, wholeMonthsBetween, type MonthRange } from './daily-totals.js';
import { rawTotals, splitRange, type FlowTotal, type RangeSplit } from './flows.js';
import { any, filterWhere, matcherOf, type MainFilter } from './main-filter.js';
import { joinScaled, scaledValue } from './main-values.js';

/** What a main-currency sum is grouped by; the flow type (kind, business type, direction) always. */
export interface MainGroup {
  month: number;
  categoryId: number;
  currency: string;
  kind: DailyTotalsTable['kind'];
  businessType: DailyTotalsTable['business_type'];
  isIncome: boolean;
}

/** One group's sum in 10^-12 minor units of the main currency (round it once with roundScaled). */
export interface MainSum extends MainGroup {
  scaled: bigint;
}

export interface MainSumOptions {
  /** Group by month too (multi-period reports); otherwise month is 0. */
  byMonth?: boolean;
  /** Group by category too; otherwise categoryId is 0. */
  byCategory?: boolean;
  /** Group by currency too (what each currency's flows are worth); otherwise currency is ''. */
  byCurrency?: boolean;
  filter?: MainFilter;
}

const groupKey = (g: MainGroup) => `${g.month}|${g.categoryId}|${g.currency}|${g.kind}|${g.businessType}|${g.isIncome}`;

/** Main sums added up per group as their parts come in, from SQL or valued from the rows. */
class MainGroups {
  private readonly groups = new Map<string, MainSum>();

  constructor(private readonly options: MainSumOptions) {}

  /** The group a daily total belongs to. */
  of(t: FlowTotal): MainGroup {
    const { byMonth = false, byCategory = false, byCurrency = false } = this.options;
    return {
      month: byMonth ? monthOfDay(t.day) : 0,
      categoryId: byCategory ? t.categoryId : 0,
      currency: byCurrency ? t.currency : '',
      kind: t.kind,
      businessType: t.businessType,
      isIncome: t.isIncome,
    };
  }

  add(g: MainGroup, scaled: bigint): void {
    const key = groupKey(g);
    const known = this.groups.get(key);
    if (known === undefined) this.groups.set(key, { ...g, scaled });
    else known.scaled += scaled;
  }

  sums(): MainSum[] {
    return [...this.groups.values()];
  }
}

type RollUp = 'monthly_main' | 'monthly_main_currency';

/**
 * The monthly roll-up that keeps what the sums group and filter by: monthly_main keeps the
 * category, monthly_main_currency the currency. None keeps both: then every day is read from the
 * daily totals.
 */
function rollUpFor({ byCategory = false, byCurrency = false, filter = {} }: MainSumOptions): RollUp | undefined {
  if (!byCurrency && !any(filter.currencies)) return 'monthly_main';
  return byCategory || any(filter.categoryIds) ? undefined : 'monthly_main_currency';
}

/**
 * The months mainSums reads from the monthly roll-ups over (after, until]: those lying whole in
 * its days, unless the sums need both category and currency, which no roll-up keeps.
 */
export function rolledUpMonths(
  after: number | undefined,
  until: number,
  options: MainSumOptions = {},
): MonthRange | undefined {
  const { days } = splitRange(after, until);
  if (days === undefined || rollUpFor(options) === undefined) return undefined;
  return wholeMonthsBetween(days.firstDay, days.lastDay);
}

/** The months of `months` whose roll-ups wait for their rebuild. */
async function dirtyMonthsIn(db: Kysely<DB>, userId: number, months: MonthRange): Promise<number[]> {
  const rows = await db
    .selectFrom('dirty_months')
    .select('month')
    .where('user_id', '=', userId)
    .where('month', '>=', months[0])
    .where('month', '<=', months[1])
    .execute();
  return rows.map((d) => d.month);
}

/** The stored values of the user's totals (or of a roll-up's rows) summed per group of `options`. */
function summedFrom(db: Kysely<DB>, userId: number, table: 'daily_totals' | RollUp, options: MainSumOptions) {
  const { byMonth = false, byCategory = false, byCurrency = false, filter = {} } = options;
  // The tables have every column these sums name (rollUpFor picks a roll-up that keeps the
  // category or currency asked for); the daily one has both, adds the day, and may hold NULLs.
  return db
    .selectFrom(table as 'daily_totals')
    .select([
      byMonth ? 'month' : sql<number>`0`.as('month'),
      byCategory ? 'category_id' : sql<number>`0`.as('category_id'),
      byCurrency ? 'currency' : sql<string>`''`.as('currency'),
      'kind',
      'business_type',
      'is_income',
      sql<string>`sum(main_minor)`.as('minor'),
      sql<string>`sum(main_frac)`.as('frac'),
      // A total cleared by a write after the caller valued them: the caller values and asks again.
      sql<string>`sum(case when main_minor is null then 1 else 0 end)`.as('unvalued'),
    ])
    .where('user_id', '=', userId)
    .where((eb) => filterWhere(eb, filter))
    .groupBy([
      ...(byMonth ? (['month'] as const) : []),
      ...(byCategory ? (['category_id'] as const) : []),
      ...(byCurrency ? (['currency'] as const) : []),
      'kind',
      'business_type',
      'is_income',
    ]);
}

/**
 * The whole days firstDay..lastDay summed from the stored values, in one compound statement of
 * index range scans: the clean whole months from their roll-up (one row per month and category or
 * currency), and from the daily totals the partial months at both ends and the months still
 * waiting for their rebuild (by month). Undefined when a total has no value.
 */
async function storedSums(
  db: Kysely<DB>,
  userId: number,
  { firstDay, lastDay }: NonNullable<RangeSplit['days']>,
  options: MainSumOptions,
): Promise<MainSum[] | undefined> {
  const daily = () => summedFrom(db, userId, 'daily_totals', options);
  const rollUp = rollUpFor(options);
  const months = rollUp === undefined ? undefined : wholeMonthsBetween(firstDay, lastDay);
  const branches = [];
  if (months === undefined || rollUp === undefined) {
    branches.push(
      daily()
        .$if(firstDay !== undefined, (q) => q.where('day', '>=', firstDay ?? 0))
        .where('day', '<=', lastDay),
    );
  } else {
    const [m0, m1] = months;
    const dirty = await dirtyMonthsIn(db, userId, months);
    branches.push(
      summedFrom(db, userId, rollUp, options)
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
  return rows.map((r) => ({
    month: r.month,
    categoryId: r.category_id,
    currency: r.currency,
    kind: r.kind,
    businessType: r.business_type,
    isIncome: r.is_income === 1,
    scaled: joinScaled(r.minor, r.frac),
  }));
}

/** Adds the partial days at a range's edges (instant ranges), read from the rows and valued by `converter`. */
async function addEdgeDays(
  db: Kysely<DB>,
  userId: number,
  converter: Converter,
  edges: RangeSplit['raw'],
  filter: MainFilter,
  groups: MainGroups,
): Promise<void> {
  const matches = matcherOf(filter);
  for (const [from, to] of edges) {
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
    for (const t of totals.values()) groups.add(groups.of(t), scaledValue(converter, t.amount, t.currency, t.day));
  }
}

/**
 * Main-currency sums over the instants (after, until], grouped by flow type (and month, category
 * or currency when asked). Whole days are summed in SQL from the stored values of the daily
 * totals (a few rows come back however long the range); only the partial days at both edges are
 * read row by row, grouped into daily totals and valued the same way. The caller values unvalued
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
  const groups = new MainGroups(options);
  const split = splitRange(after, until);
  if (split.days !== undefined) {
    const stored = await storedSums(db, userId, split.days, options);
    if (stored === undefined) return undefined;
    for (const { scaled, ...g } of stored) groups.add(g, scaled);
  }
  await addEdgeDays(db, userId, converter, split.raw, options.filter ?? {}, groups);
  return groups.sums();
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
  const { byMonth = false, filter = {} } = options;
  const groups = new MainGroups(options);
  const atOneDay = converter.fixedDay !== undefined;
  // Amounts per group, currency and (unless at one day) day, valued once each at the end.
  const amounts = new Map<string, { g: MainGroup; currency: string; day: number; amount: bigint }>();
  const add = (t: FlowTotal) => {
    const g = groups.of(t);
    const key = `${groupKey(g)}|${t.currency}|${atOneDay ? 0 : t.day}`;
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
  for (const { g, currency, day, amount } of amounts.values())
    groups.add(g, scaledValue(converter, amount, currency, day));
  return groups.sums();
}
