import {
  MAX_HISTORY_DAYS,
  type BalanceHistory,
  type BalanceName,
  type CashflowName,
  type CategoryAmount,
  type Holding,
  type MultiPeriod,
  type NamedAsset,
  type ReportView,
} from '@kassa/contract';
import { currencyInfo, divideHalfEven, isoFromDay, minorToMajor, utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import { CategoriesRepository } from '../categories/repository.js';
import { firstDayOfMonth, monthOfDay } from '../ledger/index.js';
import type { DayMeasures, FlowTotal, PerCurrency } from '../ledger/index.js';
import { convertedSums, type MainSum, type MainSumOptions } from '../ledger/index.js';
import { roundScaled } from '../ledger/index.js';
import type { HistoryPoint } from '../ledger/index.js';
import { statedPerCurrency, type LedgerReader } from '../ledger/index.js';
import type { Converter, Fraction } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { ownedCurrency } from '../currencies/service.js';

const MS_PER_DAY = 86_400_000;

/** The cash-flow buckets a flow total falls into (DESIGN §5), with the sign it adds with. */
function cashflowBuckets(t: Pick<FlowTotal, 'kind' | 'businessType' | 'isIncome'>): [CashflowName, 1 | -1][] {
  const sign = t.isIncome ? 1 : -1;
  const side = t.isIncome ? 'in' : 'out';
  switch (t.kind) {
    case 'real':
      return [[t.isIncome ? 'income' : 'expense', sign]];
    case 'loan':
      return [[`loan${side}`, sign]];
    case 'external':
      return [[`external${side}`, sign]];
    case 'conversion':
      return [[`conv${side}`, sign]];
    case 'business':
      if (t.businessType === 'invest') return [[`business${side}`, sign]];
      // pnl is cash P&L; realize is P&L without cash, so it also counts as "realized".
      if (t.businessType === 'pnl') return [[t.isIncome ? 'income' : 'expense', sign]];
      return [
        [t.isIncome ? 'income' : 'expense', sign],
        ['realized', sign],
      ];
  }
}

/** P&L flows: real ones, and business pnl and realize (invest is not P&L yet). */
const isPnl = (g: MainSum) => g.kind === 'real' || (g.kind === 'business' && g.businessType !== 'invest');
/** The main sums a P&L report reads: per category, one direction, real and business kinds. */
const PNL_OF = (income: boolean) =>
  ({ byCategory: true, filter: { isIncome: [income], kinds: ['real', 'business'] } }) as const;

const CASHFLOW_FLOWS = [
  'income',
  'expense',
  'loanin',
  'loanout',
  'businessin',
  'businessout',
  'convin',
  'convout',
  'externalin',
  'externalout',
  'realized',
] as const satisfies readonly CashflowName[];

/** Analytics of DESIGN §5, in the main currency unless named. */
export class AnalyticsService {
  private readonly categories: CategoriesRepository;
  private readonly currencies: UserCurrenciesRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ledger: LedgerReader,
    private readonly rates: RatesService,
  ) {
    this.categories = new CategoriesRepository(db);
    this.currencies = new UserCurrenciesRepository(db);
  }

  /**
   * The converter of a report's view (issue 21): into the asked currency (one of the user's; the
   * main one by default), each flow at its own day's rate or, with a valuation date, all at
   * that day's rates.
   */
  private async viewConverter(owner: Owner, view: ReportView = {}): Promise<Converter> {
    let converter = this.rates.requireMainConverter(owner.mainCurrency);
    if (view.currency !== undefined && view.currency !== converter.to.code)
      converter = this.rates.converter(await ownedCurrency(this.currencies, owner.id, view.currency, 'currency'));
    const { valuation } = view;
    return valuation === undefined || valuation === 'then' ? converter : converter.atDay(valuation.date);
  }

  /**
   * Flow sums in the converter's currency: from the stored main values when the view is the
   * default one (main currency, each day's rate), else valued as they are read.
   */
  private sums(
    owner: Owner,
    converter: Converter,
    after: number | undefined,
    until: number,
    options: MainSumOptions = {},
  ): Promise<MainSum[]> {
    return converter.fixedDay === undefined && converter.to.code === owner.mainCurrency
      ? this.ledger.mainSums(owner.id, converter, after, until, options)
      : convertedSums(this.db, owner.id, converter, after, until, options);
  }

  /** available_C(T): the last fixpoint's stated balances at or before T plus the cash flows after it. */
  private available(userId: number, at: number): Promise<PerCurrency> {
    return this.ledger.available(userId, at);
  }

  /** Each currency's amount converted at the day's rate, rounded once per currency (holdings add up to available). */
  private convertEach(converter: Converter, amounts: PerCurrency, day: number): PerCurrency {
    const converted: PerCurrency = new Map();
    for (const [code, amount] of amounts) converted.set(code, converter.toMinor(amount, currencyInfo(code), day));
    return converted;
  }

  private static total(values: PerCurrency): bigint {
    let sum = 0n;
    for (const v of values.values()) sum += v;
    return sum;
  }

  /**
   * balances(date): availablenominalmain, available, loaned, businesspending, outstanding and
   * networth. Each currency converts at the date's rate and is rounded once; the totals add the
   * rounded parts, so outstanding = loaned + businesspending and networth = available +
   * outstanding hold to the cent, and available equals the sum of the holdings.
   */
  async balances(owner: Owner, at: number): Promise<NamedAsset[]> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const main = converter.to;
    const day = utcDayOf(at);
    // Native running totals (monthly_native): no main-currency values are read, so nothing to settle.
    const { available, loan: loans, pending } = await this.ledger.balancesAt(owner.id, at);
    const availableMain = AnalyticsService.total(this.convertEach(converter, available, day));
    const loaned = AnalyticsService.total(this.convertEach(converter, loans, day));
    const businessPending = AnalyticsService.total(this.convertEach(converter, pending, day));
    const outstanding = loaned + businessPending;
    const asset = (name: BalanceName, minor: bigint): NamedAsset => ({
      name,
      asset: { amount: minorToMajor(minor, main.decimals), currency: main.code },
    });
    return [
      asset('availablenominalmain', available.get(main.code) ?? 0n),
      asset('available', availableMain),
      asset('loaned', loaned),
      asset('businesspending', businessPending),
      asset('outstanding', outstanding),
      asset('networth', availableMain + outstanding),
    ];
  }

  /**
   * cashflow(interval): every flow of [start, end] converted at its own day's rate and rounded
   * once per bucket; start and end are the available balances just before start and at end; the
   * fixpoint errors inside at their days' rates; revaluation is what exchange rates moved. The
   * identity end - start = income + expense - realized + loans + businesses + conversions +
   * externals + fixpointerror + revaluation holds to the cent by construction.
   */
  async cashflow(owner: Owner, start: number, end: number, view?: ReportView): Promise<NamedAsset[]> {
    const converter = await this.viewConverter(owner, view);
    // Each bucket sums its flows' main-currency values (each at its own day's rate) and rounds once.
    const sums = new Map<string, bigint>(CASHFLOW_FLOWS.map((n) => [n, 0n]));
    for (const g of await this.sums(owner, converter, start - 1, end)) {
      for (const [bucket, sign] of cashflowBuckets(g))
        sums.set(bucket, (sums.get(bucket) ?? 0n) + (sign === 1 ? g.scaled : -g.scaled));
    }
    const v = Object.fromEntries(CASHFLOW_FLOWS.map((n) => [n, roundScaled(sums.get(n) ?? 0n)])) as Record<
      (typeof CASHFLOW_FLOWS)[number],
      bigint
    >;

    let fixpointError = 0n;
    for (const { fixpoint: f, error } of await this.ledger.errorsBetween(owner.id, start, end)) {
      fixpointError += AnalyticsService.total(this.convertEach(converter, error, utcDayOf(f.time)));
    }
    const [availableBefore = new Map<string, bigint>(), availableAtEnd = new Map<string, bigint>()] =
      await this.ledger.availableAt(owner.id, [start - 1, end]);
    const startBalance = AnalyticsService.total(this.convertEach(converter, availableBefore, utcDayOf(start - 1)));
    const endBalance = AnalyticsService.total(this.convertEach(converter, availableAtEnd, utcDayOf(end)));
    const explained =
      v.income +
      v.expense -
      v.realized +
      v.loanin +
      v.loanout +
      v.businessin +
      v.businessout +
      v.convin +
      v.convout +
      v.externalin +
      v.externalout +
      fixpointError;
    const named: [CashflowName, bigint][] = [
      ['income', v.income],
      ['expense', v.expense],
      ['loanin', v.loanin],
      ['loanout', v.loanout],
      ['businessin', v.businessin],
      ['businessout', v.businessout],
      ['tempin', v.loanin + v.businessin],
      ['tempout', v.loanout + v.businessout],
      ['convin', v.convin],
      ['convout', v.convout],
      ['externalin', v.externalin],
      ['externalout', v.externalout],
      ['start', startBalance],
      ['end', endBalance],
      ['realized', v.realized],
      ['fixpointerror', fixpointError],
      ['revaluation', endBalance - startBalance - explained],
    ];
    return named.map(([name, minor]) => ({
      name,
      asset: { amount: minorToMajor(minor, converter.to.decimals), currency: converter.to.code },
    }));
  }

  /**
   * oneperiod({interval, direction}): per category, the P&L of [start, end] in that direction as
   * a positive main-currency amount (real categories, and business categories for pnl and
   * realize), largest first; categories with nothing are left out.
   */
  async onePeriod(
    owner: Owner,
    start: number,
    end: number,
    income: boolean,
    view?: ReportView,
  ): Promise<CategoryAmount[]> {
    const converter = await this.viewConverter(owner, view);
    const sums = new Map<number, bigint>();
    for (const g of await this.sums(owner, converter, start - 1, end, PNL_OF(income))) {
      if (!isPnl(g)) continue;
      sums.set(g.categoryId, (sums.get(g.categoryId) ?? 0n) + g.scaled);
    }
    const names = new Map((await this.categories.list(owner.id)).map((c) => [c.id, c.name]));
    return [...sums]
      .map(([categoryId, sum]) => ({ categoryId, minor: roundScaled(sum) }))
      .filter((c) => c.minor > 0n)
      .sort((a, b) => (a.minor === b.minor ? a.categoryId - b.categoryId : a.minor > b.minor ? -1 : 1))
      .map(({ categoryId, minor }) => ({
        categoryId,
        name: names.get(categoryId) ?? '',
        asset: { amount: minorToMajor(minor, converter.to.decimals), currency: converter.to.code },
      }));
  }

  /**
   * balance-history({start, end}): one point per UTC day, the balances at the end of that day,
   * each currency converted at that day's rate. Points once computed are kept (ledger
   * history-points): a report reads the kept ones and computes only the days after them; every
   * ledger, fixpoint or rate change from a day on drops what it touched.
   */
  async balanceHistory(owner: Owner, start: number, end: number): Promise<BalanceHistory> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const firstDay = utcDayOf(start);
    const lastDay = utcDayOf(end);
    if (lastDay - firstDay + 1 > MAX_HISTORY_DAYS) throw badRequest(`end: at most ${MAX_HISTORY_DAYS} days per call`);
    const kept = this.ledger.history;
    const state = await kept.state(owner.id);
    const from = state.mainCurrency === converter.to.code ? state.validFrom : null;
    const through = state.validThrough;
    let points: HistoryPoint[];
    if (from !== null && through !== null && from <= firstDay && lastDay <= through) {
      points = await kept.points(owner.id, firstDay, lastDay);
    } else if (from !== null && through !== null && from <= firstDay && firstDay <= through + 1) {
      // The kept points, then the days after them.
      const computed = await this.historyPoints(owner, converter, through + 1, lastDay);
      points = [...(firstDay <= through ? await kept.points(owner.id, firstDay, through) : []), ...computed];
      await kept.publish(owner.id, state, converter.to.code, from, computed);
    } else {
      points = await this.historyPoints(owner, converter, firstDay, lastDay);
      await kept.publish(owner.id, state, converter.to.code, firstDay, points);
    }
    const history: BalanceHistory = { dates: [], available: [], loaned: [], businesspending: [], networth: [] };
    const d = converter.to.decimals;
    for (const p of points) {
      history.dates.push(isoFromDay(p.day));
      history.available.push(minorToMajor(p.available, d));
      history.loaned.push(minorToMajor(p.loaned, d));
      history.businesspending.push(minorToMajor(p.pending, d));
      history.networth.push(minorToMajor(p.available + p.loaned + p.pending, d));
    }
    return history;
  }

  /**
   * The points of firstDay..lastDay computed from the ledger: the balances at the end of the day
   * before, then the daily totals walked once; a day holding a fixpoint restarts available from
   * the fixpoint (one extra lookup for that day only).
   */
  private async historyPoints(
    owner: Owner,
    converter: Converter,
    firstDay: number,
    lastDay: number,
  ): Promise<HistoryPoint[]> {
    const endOf = (day: number) => (day + 1) * MS_PER_DAY - 1;
    const dayBefore = endOf(firstDay - 1);
    const { available, loan: loans, pending } = await this.ledger.balancesAt(owner.id, dayBefore);
    const byDay = new Map<number, DayMeasures[]>();
    for (const m of await this.ledger.measuresByDay(owner.id, dayBefore, endOf(lastDay))) {
      const list = byDay.get(m.day) ?? [];
      list.push(m);
      byDay.set(m.day, list);
    }
    // Fixpoints inside the range, the last of each day, with all their states in one query.
    const lastFixpointOfDay = new Map<number, { id: number; time: number }>();
    for (const f of await this.ledger.fixpointsBetween(owner.id, dayBefore + 1, endOf(lastDay))) {
      const known = lastFixpointOfDay.get(utcDayOf(f.time));
      if (known === undefined || f.time > known.time) lastFixpointOfDay.set(utcDayOf(f.time), f);
    }
    const statesByFixpoint = statedPerCurrency(
      await this.ledger.statesOfMany(
        owner.id,
        [...lastFixpointOfDay.values()].map((f) => f.id),
      ),
    );
    const add = (map: PerCurrency, code: string, v: bigint) => {
      if (v !== 0n) map.set(code, (map.get(code) ?? 0n) + v);
    };
    // Fixpoints that leave pockets unstated restart by the pocket rule (DESIGN §4).
    const byPocket = await this.ledger.countsByPocket(owner.id);
    const points: HistoryPoint[] = [];
    const factors = new Map<string, Fraction>();
    let availableNow = available;
    for (let day = firstDay; day <= lastDay; day++) {
      for (const m of byDay.get(day) ?? []) {
        add(loans, m.currency, m.loan);
        add(pending, m.currency, m.pending);
        add(availableNow, m.currency, m.cash);
      }
      const fixpoint = lastFixpointOfDay.get(day);
      if (fixpoint !== undefined && byPocket) availableNow = await this.ledger.available(owner.id, endOf(day));
      else if (fixpoint !== undefined) {
        // Available restarts from the stated balances, plus what flowed after the fixpoint that day.
        availableNow = new Map(statesByFixpoint.get(fixpoint.id) ?? []);
        await this.ledger.addCashFlows(owner.id, fixpoint.time, endOf(day), availableNow);
      }
      // Each currency's rate looked up once a day for all three measures (this loop was most of a
      // recomputed history's time); each amount converted and rounded as convertEach does.
      factors.clear();
      const totalOf = (amounts: PerCurrency) => {
        let sum = 0n;
        for (const [code, amount] of amounts) {
          let f = factors.get(code);
          if (f === undefined) {
            f = converter.fraction(1n, currencyInfo(code), day);
            factors.set(code, f);
          }
          sum += f.den === 1n ? amount * f.num : divideHalfEven(amount * f.num, f.den);
        }
        return sum;
      };
      points.push({ day, available: totalOf(availableNow), loaned: totalOf(loans), pending: totalOf(pending) });
    }
    return points;
  }

  /**
   * multiperiod({interval, direction}): P&L per UTC month and category in that direction; the 7
   * categories with the largest totals get their own series, the rest is summed into "Other".
   */
  async multiPeriod(
    owner: Owner,
    start: number,
    end: number,
    income: boolean,
    view?: ReportView,
  ): Promise<MultiPeriod> {
    const converter = await this.viewConverter(owner, view);
    // Month keys (year × 12 + month index) of the interval, and their "YYYY-MM" labels.
    const firstMonth = monthOfDay(utcDayOf(start));
    const lastMonth = monthOfDay(utcDayOf(end));
    const months: string[] = [];
    for (let m = firstMonth; m <= lastMonth; m++) months.push(isoFromDay(firstDayOfMonth(m)).slice(0, 7));
    const sums = new Map<number, bigint[]>();
    const options = { ...PNL_OF(income), byMonth: true };
    for (const g of await this.sums(owner, converter, start - 1, end, options)) {
      const i = g.month - firstMonth;
      if (!isPnl(g) || i < 0 || i >= months.length) continue;
      const perMonth = sums.get(g.categoryId) ?? months.map(() => 0n);
      perMonth[i] = (perMonth[i] ?? 0n) + g.scaled;
      sums.set(g.categoryId, perMonth);
    }
    const d = converter.to.decimals;
    const rounded = [...sums].map(([categoryId, perMonth]) => {
      const values = perMonth.map((s) => roundScaled(s));
      return { categoryId, values, total: values.reduce((a, b) => a + b, 0n) };
    });
    rounded.sort((a, b) => (a.total === b.total ? a.categoryId - b.categoryId : a.total > b.total ? -1 : 1));
    const names = new Map((await this.categories.list(owner.id)).map((c) => [c.id, c.name]));
    const top = rounded.slice(0, 7);
    const rest = rounded.slice(7);
    const series: MultiPeriod = [{ name: 'dates', values: months }];
    for (const c of top)
      series.push({ name: names.get(c.categoryId) ?? '', values: c.values.map((v) => minorToMajor(v, d)) });
    if (rest.length > 0) {
      series.push({
        name: 'Other',
        values: months.map((_, i) =>
          minorToMajor(
            rest.reduce((a, c) => a + (c.values[i] ?? 0n), 0n),
            d,
          ),
        ),
      });
    }
    return series;
  }

  /** holdings(date): available per currency with its main-currency value, largest value first. */
  async holdings(owner: Owner, at: number): Promise<Holding[]> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const day = utcDayOf(at);
    const available = await this.available(owner.id, at);
    const converted = this.convertEach(converter, available, day);
    return [...available]
      .map(([code, amount]) => ({ code, amount, value: converted.get(code) ?? 0n }))
      .sort((a, b) => (a.value === b.value ? a.code.localeCompare(b.code) : a.value > b.value ? -1 : 1))
      .map(({ code, amount, value }) => {
        const holding: Holding = { currency: code, amount: minorToMajor(amount, currencyInfo(code).decimals) };
        if (code !== converter.to.code) {
          // Provenance (issue 21): the rate, and the stored rates behind it with their days and sources.
          const { rate, legs } = converter.explain(0n, currencyInfo(code), day);
          Object.assign(holding, { convertedAmount: minorToMajor(value, converter.to.decimals), rate, legs });
        }
        return holding;
      });
  }
}
