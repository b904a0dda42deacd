import { utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DailyTotalsTable, DB } from '../../db/schema.js';
import { DailyTotalsRepository, monthOfDay, type MonthRange } from './daily-totals.js';
import { emptySums, measuresAt, measuresBetween, subtractSums } from './cumulative.js';
import { cashByBucket, measuresByDay, rawFlows, type DayMeasures, type FlowTotal, type PerCurrency } from './flows.js';
import { HistoryPointsRepository } from './history-points.js';
import type { MainFilter } from './main-filter.js';
import { mainSums, rolledUpMonths, type MainSum, type MainSumOptions } from './main-sums.js';
import { MainValuesRepository } from './main-values.js';
import { nativeTotals } from './native-totals.js';
import { LedgerRepository } from './repository.js';
import type { Converter } from '../rates/conversion.js';
import { statedPerCurrency, type ConversionRow, type FixpointRow, type StateRow } from './rows.js';
import { PocketRule } from './pocket-rule.js';
import { cashOver, conversionsBetween, type InstantRanges } from './range-reads.js';

/**
 * The one read side of the ledger (DESIGN §4): available_C(T), calculated_C(F) and error_C(F),
 * and the flow totals between instants. Built once in app.ts and handed to every service that
 * reads balances, so they all count the same way and can share a cache later.
 */
export class LedgerReader {
  private readonly fixpoints: LedgerRepository;
  private readonly totals: DailyTotalsRepository;
  readonly mainValues: MainValuesRepository;
  /** Balance-history points kept once computed (analytics fills them). */
  readonly history: HistoryPointsRepository;

  /** Settles once per process that the stored main values follow the rates in use. */
  private ratesChecked: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    /** Identifies the rate table in use (RatesService.fingerprint). */
    private readonly ratesFingerprint: () => Promise<string> = () => Promise.resolve(''),
  ) {
    this.fixpoints = new LedgerRepository(db);
    this.totals = new DailyTotalsRepository(db);
    this.mainValues = new MainValuesRepository(db);
    this.history = new HistoryPointsRepository(db);
  }

  /**
   * The pocket rule of DESIGN §4 for a user some of whose fixpoints leave pockets unstated;
   * undefined when every fixpoint states every pocket, where counting by currency is the same.
   */
  private async rule(userId: number): Promise<PocketRule | undefined> {
    if (await this.fixpoints.everyPocketStated(userId)) return undefined;
    const flows = (after: number | undefined, until: number) =>
      measuresBetween(this.db, userId, after, until).then((m) => m.cash);
    return new PocketRule(this.db, userId, await this.fixpoints.statements(userId), flows);
  }

  /**
   * The first fixpoint after `after` that states the pocket, with its stated balance and the flows
   * of the pocket's own rows over (after, that fixpoint]: what a balance anchored at `after` makes
   * that fixpoint's calculated balance (an import's preview says so before it commits).
   */
  async nextStatementOf(
    userId: number,
    pocketId: number,
    after: number,
  ): Promise<{ fixpoint: FixpointRow; stated: bigint; flows: bigint } | undefined> {
    const statements = await this.fixpoints.statements(userId);
    const pocket = statements.pockets.find((p) => p.id === pocketId);
    const fixpoint = statements.fixpoints.find((f) => f.time > after && statements.states.get(f.id)?.has(pocketId));
    const stated = fixpoint === undefined ? undefined : statements.states.get(fixpoint.id)?.get(pocketId);
    if (pocket === undefined || fixpoint === undefined || stated === undefined) return undefined;
    const flows = (from: number | undefined, until: number) =>
      measuresBetween(this.db, userId, from, until).then((m) => m.cash);
    const rule = new PocketRule(this.db, userId, statements, flows);
    return { fixpoint, stated, flows: await rule.pocketFlows(pocket, after, fixpoint.time) };
  }

  /**
   * The currencies whose books start at a fixpoint at `time` stating `pocketIds`: nothing was
   * counted in them before (calculated 0) and none of those pockets was stated before. Its error
   * there is the opening balance (issue 32), which the web names as such.
   */
  async openings(
    userId: number,
    time: number,
    pocketIds: readonly number[],
    calculated: PerCurrency,
  ): Promise<Set<string>> {
    const statements = await this.fixpoints.statements(userId);
    const earlier = statements.fixpoints.filter((f) => f.time < time);
    const statedBefore = (pocketId: number) => earlier.some((f) => statements.states.get(f.id)?.has(pocketId));
    const out = new Set<string>();
    for (const currency of new Set(statements.pockets.map((p) => p.currency))) {
      if ((calculated.get(currency) ?? 0n) !== 0n) continue;
      const named = statements.pockets.filter((p) => p.currency === currency && pocketIds.includes(p.id));
      if (named.length > 0 && !named.some((p) => statedBefore(p.id))) out.add(currency);
    }
    return out;
  }

  /**
   * Whether some fixpoint of the user leaves a pocket unstated, so a walk over days must restart
   * at a fixpoint from `available` (the pocket rule) rather than from its stated balances alone.
   */
  async countsByPocket(userId: number): Promise<boolean> {
    return !(await this.fixpoints.everyPocketStated(userId));
  }

  /**
   * Values the user's changed daily totals, and rebuilds the main-currency roll-ups of the changed
   * months among `wholeMonths` (those the report reads whole), after making sure the stored values
   * follow the rates in use. Reports call it first so they read one row per month; without it
   * they are still right, reading changed months by day.
   */
  async settle(userId: number, converter: Converter, wholeMonths?: MonthRange): Promise<void> {
    await this.checkRates();
    await this.mainValues.settle(userId, converter, wholeMonths);
  }

  /** Makes sure, once per process, that the stored main values follow the rates in use (clears them when not). */
  async checkRates(): Promise<void> {
    this.ratesChecked ??= this.ratesFingerprint()
      .then((fingerprint) => this.mainValues.syncRates(fingerprint))
      .catch((err: unknown) => {
        this.ratesChecked = undefined; // try again with the next report
        throw err;
      });
    await this.ratesChecked;
  }

  /**
   * Main-currency sums over (after, until] grouped by flow type (and month, category or currency),
   * from the stored values of the daily totals: totals changed since the last report are valued first.
   */
  async mainSums(
    userId: number,
    converter: Converter,
    after: number | undefined,
    until: number,
    options: MainSumOptions = {},
  ): Promise<MainSum[]> {
    // A write between valuing and summing clears a value again; a few tries always settle.
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.settle(userId, converter, rolledUpMonths(after, until, options));
      const sums = await mainSums(this.db, userId, converter, after, until, options);
      if (sums !== undefined) return sums;
    }
    throw new Error('main-currency values kept changing while they were summed');
  }

  /** The latest fixpoint at or before `at` (strictly before when `strictlyBefore`); the last one by default. */
  lastFixpoint(userId: number, at = Number.MAX_SAFE_INTEGER, strictlyBefore = false): Promise<FixpointRow | undefined> {
    return this.fixpoints.latest(userId, at, strictlyBefore);
  }

  /** Fixpoints with start <= time <= end, newest first. */
  fixpointsBetween(userId: number, start: number, end: number): Promise<FixpointRow[]> {
    return this.fixpoints.between(userId, start, end);
  }

  /** The pocket states of one fixpoint, by currency then pocket. */
  states(userId: number, fixpointId: number): Promise<StateRow[]> {
    return this.fixpoints.states(userId, fixpointId);
  }

  /** The states of several fixpoints in one query (balance history walks many). */
  statesOfMany(userId: number, fixpointIds: readonly number[]): Promise<StateRow[]> {
    return this.fixpoints.statesOfMany(userId, fixpointIds);
  }

  /** stated_C(F): the stated balances of a fixpoint summed per currency. */
  async stated(userId: number, fixpointId: number): Promise<PerCurrency> {
    return statedPerCurrency(await this.fixpoints.states(userId, fixpointId)).get(fixpointId) ?? new Map();
  }

  /**
   * available_C(t) (DESIGN §4): the stated balances of the last fixpoint at or before t (strictly
   * before, for a fixpoint's own calculated_C) plus the cash flows after it up to t.
   */
  async available(userId: number, time: number, strictlyBefore = false): Promise<PerCurrency> {
    const rule = await this.rule(userId);
    if (rule !== undefined) return rule.available(time, strictlyBefore);
    const previous = await this.fixpoints.latest(userId, time, strictlyBefore);
    const balances: PerCurrency =
      previous === undefined ? new Map<string, bigint>() : await this.stated(userId, previous.id);
    for (const [currency, flow] of (await measuresBetween(this.db, userId, previous?.time, time)).cash)
      balances.set(currency, (balances.get(currency) ?? 0n) + flow);
    return balances;
  }

  /**
   * Every balance at t in one pass: available_C(t), the loans (given minus taken) and the money
   * still in businesses, each per currency.
   */
  async balancesAt(
    userId: number,
    time: number,
  ): Promise<{ available: PerCurrency; loan: PerCurrency; pending: PerCurrency }> {
    const rule = await this.rule(userId);
    if (rule !== undefined) {
      const [total = emptySums()] = await measuresAt(this.db, userId, [time]);
      return { available: await rule.available(time), loan: total.loan, pending: total.pending };
    }
    const previous = await this.fixpoints.latest(userId, time);
    const available: PerCurrency =
      previous === undefined ? new Map<string, bigint>() : await this.stated(userId, previous.id);
    const [atFixpoint, atTime = emptySums()] = await measuresAt(
      this.db,
      userId,
      previous === undefined ? [time] : [previous.time, time],
    );
    // Loans and business money count from the start of the ledger, cash from the fixpoint.
    const total = previous === undefined ? (atFixpoint ?? emptySums()) : atTime;
    const cash = previous === undefined ? total.cash : subtractSums(atTime, atFixpoint ?? emptySums()).cash;
    for (const [currency, flow] of cash) available.set(currency, (available.get(currency) ?? 0n) + flow);
    return { available, loan: total.loan, pending: total.pending };
  }

  /** available_C(t) at each of several instants, in a few queries for all of them. */
  async availableAt(userId: number, times: readonly number[]): Promise<PerCurrency[]> {
    const rule = await this.rule(userId);
    if (rule !== undefined) {
      const out: PerCurrency[] = [];
      for (const t of times) out.push(await rule.available(t));
      return out;
    }
    const previous: (FixpointRow | undefined)[] = [];
    for (const t of times) previous.push(await this.fixpoints.latest(userId, t));
    const known = previous.flatMap((p) => (p === undefined ? [] : [p]));
    const stated = statedPerCurrency(
      await this.fixpoints.statesOfMany(
        userId,
        known.map((p) => p.id),
      ),
    );
    const flows = await this.cashFlowsOver(
      userId,
      times.map((t, i) => [previous[i]?.time, t] as const),
    );
    return times.map((_, i) => {
      const p = previous[i];
      const balances: PerCurrency = new Map(p === undefined ? [] : (stated.get(p.id) ?? []));
      for (const [c, v] of flows[i] ?? []) balances.set(c, (balances.get(c) ?? 0n) + v);
      return balances;
    });
  }

  /**
   * Cash flows per currency over each range (after, until] (after undefined: from the ledger's
   * start), as differences of running totals read in one pass, from the earliest start's month on.
   */
  private async cashFlowsOver(
    userId: number,
    ranges: readonly (readonly [after: number | undefined, until: number])[],
  ): Promise<PerCurrency[]> {
    const starts = ranges.flatMap(([after]) => (after === undefined ? [] : [after]));
    const since = starts.length === ranges.length ? monthOfDay(utcDayOf(Math.min(...starts))) : undefined;
    const instants = [...ranges.map(([, until]) => until), ...starts];
    const running = await measuresAt(this.db, userId, instants, since);
    const cashAt = new Map(instants.map((t, i) => [t, running[i]?.cash ?? new Map<string, bigint>()]));
    return ranges.map(([after, until]) => {
      const flows: PerCurrency = new Map(cashAt.get(until) ?? []);
      if (after !== undefined) for (const [c, v] of cashAt.get(after) ?? []) flows.set(c, (flows.get(c) ?? 0n) - v);
      return flows;
    });
  }

  /** calculated_C(F): what the ledger says at t, counted from the fixpoint before. */
  calculated(userId: number, time: number): Promise<PerCurrency> {
    return this.available(userId, time, true);
  }

  /**
   * stated_C(F) and calculated_C(F) as the ledger stands: every currency of either side when F
   * states every pocket; otherwise only the currencies F states a pocket of, each counted over
   * the pockets F states (DESIGN §4).
   */
  async statedAndCalculated(
    userId: number,
    fixpoint: FixpointRow,
  ): Promise<{ stated: PerCurrency; calculated: PerCurrency; partial: boolean }> {
    const rule = await this.rule(userId);
    if (rule !== undefined) return { ...(await rule.error(fixpoint)), partial: true };
    return {
      stated: await this.stated(userId, fixpoint.id),
      calculated: await this.calculated(userId, fixpoint.time),
      partial: false,
    };
  }

  /** error_C(F) = stated_C(F) - calculated_C(F) for every currency of either side (those F states, by the pocket rule). */
  async error(userId: number, fixpoint: FixpointRow): Promise<PerCurrency> {
    const { stated, calculated } = await this.statedAndCalculated(userId, fixpoint);
    const errors: PerCurrency = new Map();
    for (const code of new Set([...stated.keys(), ...calculated.keys()]))
      errors.set(code, (stated.get(code) ?? 0n) - (calculated.get(code) ?? 0n));
    return errors;
  }

  /**
   * error_C(F) of every fixpoint with start <= time <= end, oldest first, in a few queries: the
   * states of all of them (and of the one before) at once, and each fixpoint's calculated balance
   * from the one before it plus the cash flows in between (reports walk ten years of fixpoints).
   */
  async errorsBetween(
    userId: number,
    start: number,
    end: number,
  ): Promise<{ fixpoint: FixpointRow; error: PerCurrency }[]> {
    const inRange = (await this.fixpoints.between(userId, start, end)).reverse();
    const first = inRange[0];
    if (first === undefined) return [];
    const rule = await this.rule(userId);
    if (rule !== undefined) {
      const out: { fixpoint: FixpointRow; error: PerCurrency }[] = [];
      for (const fixpoint of inRange) {
        const { stated, calculated } = await rule.error(fixpoint);
        out.push({ fixpoint, error: new Map([...stated].map(([c, v]) => [c, v - (calculated.get(c) ?? 0n)])) });
      }
      return out;
    }
    const before = await this.fixpoints.latest(userId, first.time, true);
    const chain = before === undefined ? inRange : [before, ...inRange];
    const stated = statedPerCurrency(
      await this.fixpoints.statesOfMany(
        userId,
        chain.map((f) => f.id),
      ),
    );
    // Each fixpoint counts from the last one strictly before it (DESIGN §4).
    const previous: (FixpointRow | undefined)[] = [];
    for (let i = chain.length - inRange.length; i < chain.length; i++) {
      const time = chain[i]?.time ?? 0;
      let p = i - 1;
      while (p >= 0 && (chain[p]?.time ?? 0) >= time) p--;
      previous.push(p >= 0 ? chain[p] : await this.fixpoints.latest(userId, time, true));
    }
    // Each segment's cash flow is the difference of the running totals at its two ends.
    const flows = await this.cashFlowsOver(
      userId,
      inRange.map((f, i) => [previous[i]?.time, f.time] as const),
    );
    return inRange.map((fixpoint, i) => {
      const before = previous[i];
      const calculated: PerCurrency = new Map(before === undefined ? [] : (stated.get(before.id) ?? []));
      for (const [currency, flow] of flows[i] ?? []) calculated.set(currency, (calculated.get(currency) ?? 0n) + flow);
      const own = stated.get(fixpoint.id) ?? new Map<string, bigint>();
      const error: PerCurrency = new Map();
      for (const code of new Set([...own.keys(), ...calculated.keys()]))
        error.set(code, (own.get(code) ?? 0n) - (calculated.get(code) ?? 0n));
      return { fixpoint, error };
    });
  }

  /** Adds the cash flows of (after, until] to `into`, straight from the rows (for spans within one day). */
  addCashFlows(userId: number, after: number, until: number, into: PerCurrency): Promise<void> {
    return rawFlows(this.db, userId, 'cash', after, until, into);
  }

  /** The cash per currency of each of several non-overlapping ranges (after, until], straight from the rows (range-reads.ts). */
  cashOver(userId: number, ranges: InstantRanges): Promise<PerCurrency[]> {
    return cashOver(this.db, userId, ranges);
  }

  /** The conversions between two currencies with start <= time <= end, oldest first (range-reads.ts). */
  conversionsBetween(userId: number, start: number, end: number): Promise<ConversionRow[]> {
    return conversionsBetween(this.db, userId, start, end);
  }

  /** Cash per currency of the days firstDay..lastDay per bucket of `step` days (flows.ts, cashByBucket). */
  cashByBucket(
    userId: number,
    firstDay: number,
    lastDay: number,
    step: number,
    byDay: readonly number[],
  ): Promise<{ key: number; currency: string; cash: bigint }[]> {
    return cashByBucket(this.db, userId, firstDay, lastDay, step, byDay);
  }

  /** Cash, loan and pending per day and currency over (after, until]. */
  measuresByDay(userId: number, after: number | undefined, until: number): Promise<DayMeasures[]> {
    return measuresByDay(this.db, userId, after, until);
  }

  /** The daily totals of the months that match `filter` in their own currencies, for reports that value them (native-totals.ts). */
  nativeTotals(userId: number, months: MonthRange, filter: MainFilter): Promise<FlowTotal[]> {
    return nativeTotals(this.db, userId, months, filter);
  }

  /** The daily totals of one category (all days), for loan and business summaries. */
  totalsOfCategory(userId: number, categoryId: number): Promise<DailyTotalsTable[]> {
    return this.totals.ofCategory(userId, categoryId);
  }
}
