import {
  MAX_HISTORY_DAYS,
  type BalanceHistory,
  type BalanceName,
  type CategoryAmount,
  type Holding,
  type MultiPeriod,
  type NamedAsset,
  type ReportView,
} from '@kassa/contract';
import { currencyInfo, minorToMajor, utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import { CategoriesRepository } from '../categories/repository.js';
import {
  convertedSums,
  monthOfDay,
  roundScaled,
  type HistoryPoint,
  type LedgerReader,
  type MainSum,
  type MainSumOptions,
  type PerCurrency,
} from '../ledger/index.js';
import type { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { ownedCurrency } from '../currencies/service.js';
import { computedHistory, historyAnswer } from './balance-history.js';
import { bucketTotals, cashflowLines } from './cashflow-lines.js';
import { isPnl, monthLabels, multiPeriodSeries, PNL_OF, sumsPerMonth } from './pnl-series.js';

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
    const v = bucketTotals(await this.sums(owner, converter, start - 1, end));

    let fixpointError = 0n;
    for (const { fixpoint: f, error } of await this.ledger.errorsBetween(owner.id, start, end)) {
      fixpointError += AnalyticsService.total(this.convertEach(converter, error, utcDayOf(f.time)));
    }
    const [availableBefore = new Map<string, bigint>(), availableAtEnd = new Map<string, bigint>()] =
      await this.ledger.availableAt(owner.id, [start - 1, end]);
    const startBalance = AnalyticsService.total(this.convertEach(converter, availableBefore, utcDayOf(start - 1)));
    const endBalance = AnalyticsService.total(this.convertEach(converter, availableAtEnd, utcDayOf(end)));
    return cashflowLines(v, fixpointError, startBalance, endBalance).map(([name, minor]) => ({
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
      const computed = await computedHistory(this.ledger, owner.id, converter, through + 1, lastDay);
      points = [...(firstDay <= through ? await kept.points(owner.id, firstDay, through) : []), ...computed];
      await kept.publish(owner.id, state, converter.to.code, from, computed);
    } else {
      points = await computedHistory(this.ledger, owner.id, converter, firstDay, lastDay);
      await kept.publish(owner.id, state, converter.to.code, firstDay, points);
    }
    return historyAnswer(points, converter.to.decimals);
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
    const firstMonth = monthOfDay(utcDayOf(start));
    const months = monthLabels(firstMonth, monthOfDay(utcDayOf(end)));
    const options = { ...PNL_OF(income), byMonth: true };
    const sums = sumsPerMonth(await this.sums(owner, converter, start - 1, end, options), firstMonth, months.length);
    const names = new Map((await this.categories.list(owner.id)).map((c) => [c.id, c.name]));
    return multiPeriodSeries(months, sums, names, converter.to.decimals);
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
