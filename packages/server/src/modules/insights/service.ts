import type { BridgePartName, ConversionCosts, Exposure, FixpointDrift, NetworthBridge } from '@kassa/contract';
import {
  currencyInfo,
  divideHalfEven,
  isoFromDay,
  minorToMajor,
  pow10,
  utcDayOf,
  type CurrencyInfo,
} from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Owner } from '../auth/service.js';
import { wholeMonthsBetween } from '../ledger/index.js';
import { splitRange, type FlowTotal, type PerCurrency } from '../ledger/index.js';
import { joinScaled, roundScaled, SCALE, scaledValue } from '../ledger/index.js';
import { statedPerCurrency, type LedgerReader } from '../ledger/index.js';
import type { ConversionRow } from '../ledger/index.js';
import type { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { InsightsRepository } from './repository.js';

const MS_PER_DAY = 86_400_000;
/** Conversions listed by conversion-costs at most (its totals count every one): the bounded-list cap. */
export const MAX_COST_ITEMS = 5_000;
/** Exposure gives one point a day up to this many days, one a week beyond (about 13 months). */
export const EXPOSURE_DAILY_DAYS = 400;
/** DESIGN §5: a month counts 30.42 days (held as hundredths, so the average is exact). */
const DAYS_PER_MONTH_HUNDREDTHS = 3042n;

const iso = (ms: number) => new Date(ms).toISOString();
/**
 * A rate as shown: 10 significant digits. Rates are display values (amounts never come from
 * them), so a float quotient of the exact integers is enough here, and ten times cheaper than
 * exact decimal formatting for thousands of conversions.
 */
const display = (rate: number) => Number(rate.toPrecision(10));
const endOfDay = (day: number) => (day + 1) * MS_PER_DAY - 1;

/** The main-currency values of one conversion's legs (10^-12 minor units) and its cost. */
interface ValuedConversion {
  row: ConversionRow;
  from: bigint;
  to: bigint;
  /** from − to: > 0 is money lost. */
  cost: bigint;
}

/** Adds to a per-key bigint map. */
function addTo<K>(map: Map<K, bigint>, key: K, value: bigint): void {
  map.set(key, (map.get(key) ?? 0n) + value);
}

/**
 * Splits `target` whole minor units among entries whose exact values (10^-12 units) sum to
 * within a few units of it: each entry is its exact value rounded half to even, and the units
 * left over go one at a time to the entry rounded furthest the other way (largest remainder), so
 * every entry stays within a unit of its exact value unless more units are left than entries.
 */
export function apportion(exact: readonly bigint[], target: bigint): bigint[] {
  const rounded = exact.map((e) => roundScaled(e));
  let left = target - rounded.reduce((a, b) => a + b, 0n);
  while (left !== 0n && rounded.length > 0) {
    const up = left > 0n;
    let best = 0;
    let bestGap: bigint | undefined;
    exact.forEach((e, i) => {
      const gap = e - (rounded[i] ?? 0n) * SCALE; // > 0: rounded down
      if (bestGap === undefined || (up ? gap > bestGap : gap < bestGap)) {
        best = i;
        bestGap = gap;
      }
    });
    rounded[best] = (rounded[best] ?? 0n) + (up ? 1n : -1n);
    left += up ? -1n : 1n;
  }
  return rounded;
}

/** Issue 21: what currencies did to the user's money (conversion costs, bridge, drift, exposure). */
export class InsightsService {
  private readonly repository: InsightsRepository;

  constructor(
    db: Kysely<DB>,
    private readonly ledger: LedgerReader,
    private readonly rates: RatesService,
  ) {
    this.repository = new InsightsRepository(db);
  }

  /** Every conversion of [start, end] valued at its day's rate in the main currency. */
  private async valuedConversions(
    userId: number,
    converter: Converter,
    start: number,
    end: number,
  ): Promise<ValuedConversion[]> {
    return (await this.repository.conversionsBetween(userId, start, end)).map((row) => {
      const from = scaledValue(converter, BigInt(row.fromAmount), row.fromCurrency, row.day);
      const to = scaledValue(converter, BigInt(row.toAmount), row.toCurrency, row.day);
      return { row, from, to, cost: from - to };
    });
  }

  /**
   * conversion-costs: per conversion of [start, end] the effective rate, the reference cross rate
   * of its day (through EUR, DESIGN §6) and its cost = value of the from-leg − value of the to-leg
   * in the main currency, both at that day's rates; each cost, month, pair and the total is the
   * sum of exact values rounded once, half to even. Most expensive first.
   */
  async conversionCosts(owner: Owner, start: number, end: number): Promise<ConversionCosts> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const main = converter.to;
    const valued = await this.valuedConversions(owner.id, converter, start, end);
    const crossTo = new Map<string, Converter>();
    const reference = (from: CurrencyInfo, to: CurrencyInfo, day: number) => {
      let c = crossTo.get(to.code);
      if (c === undefined) {
        c = this.rates.converter(to);
        crossTo.set(to.code, c);
      }
      // Units of `to` per 1 unit of `from`: the exact fraction, shown to 10 significant digits.
      const { num, den } = c.fraction(pow10(from.decimals), from, day);
      return display(Number(num) / Number(den) / 10 ** to.decimals);
    };
    let total = 0n;
    const months = new Map<string, bigint>();
    const pairs = new Map<string, { from: string; to: string; count: number; cost: bigint }>();
    for (const v of valued) {
      total += v.cost;
      addTo(months, isoFromDay(v.row.day).slice(0, 7), v.cost);
      const key = `${v.row.fromCurrency}>${v.row.toCurrency}`;
      const pair = pairs.get(key) ?? { from: v.row.fromCurrency, to: v.row.toCurrency, count: 0, cost: 0n };
      pair.count += 1;
      pair.cost += v.cost;
      pairs.set(key, pair);
    }
    const d = main.decimals;
    const byCost = [...valued].sort((a, b) =>
      a.cost === b.cost ? a.row.time - b.row.time || a.row.id - b.row.id : a.cost > b.cost ? -1 : 1,
    );
    const items = byCost.slice(0, MAX_COST_ITEMS).map(({ row, cost }) => {
      const from = currencyInfo(row.fromCurrency);
      const to = currencyInfo(row.toCurrency);
      // toAmount / fromAmount in major units = (to × 10^dFrom) / (from × 10^dTo).
      const effective = display((row.toAmount * 10 ** from.decimals) / (row.fromAmount * 10 ** to.decimals));
      return {
        id: row.id,
        time: iso(row.time),
        fromAmount: minorToMajor(BigInt(row.fromAmount), from.decimals),
        fromCurrency: from.code,
        toAmount: minorToMajor(BigInt(row.toAmount), to.decimals),
        toCurrency: to.code,
        effectiveRate: effective,
        referenceRate: reference(from, to, row.day),
        rateDay: isoFromDay(row.day),
        cost: minorToMajor(roundScaled(cost), d),
      };
    });
    return {
      currency: main.code,
      total: minorToMajor(roundScaled(total), d),
      count: valued.length,
      items,
      months: [...months]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([month, cost]) => ({ month, cost: minorToMajor(roundScaled(cost), d) })),
      pairs: [...pairs.values()]
        .sort((a, b) =>
          a.cost === b.cost ? `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`) : a.cost > b.cost ? -1 : 1,
        )
        .map((p) => ({ from: p.from, to: p.to, count: p.count, cost: minorToMajor(roundScaled(p.cost), d) })),
    };
  }

  /**
   * The main-currency values of the flows of (after, until] that change a currency's holdings,
   * per bridge part and per currency (10^-12 units): whole days from the stored values (whole
   * months from their roll-up per currency), the partial days at the edges from the rows, valued
   * the same way. Conversion legs are in it too: their sum is minus the conversions' cost.
   */
  private async valuedFlows(
    userId: number,
    converter: Converter,
    after: number,
    until: number,
  ): Promise<{ parts: Map<BridgePartName, bigint>; perCurrency: PerCurrency }> {
    const parts = new Map<BridgePartName, bigint>();
    const perCurrency: PerCurrency = new Map();
    const add = (
      t: { kind: string; businessType: string; isIncome: boolean; currency: string },
      value: bigint,
    ): void => {
      const signed = t.isIncome ? value : -value;
      const part: BridgePartName | undefined =
        t.kind === 'real'
          ? t.isIncome
            ? 'income'
            : 'expense'
          : t.kind === 'external'
            ? 'external'
            : t.kind === 'conversion'
              ? 'conversioncost'
              : t.kind === 'business' && (t.businessType === 'pnl' || t.businessType === 'realize')
                ? 'business'
                : undefined;
      if (part === undefined) return;
      addTo(parts, part, signed);
      addTo(perCurrency, t.currency, signed);
    };
    const split = splitRange(after, until);
    if (split.days !== undefined) {
      const { firstDay, lastDay } = split.days;
      let rows;
      // A write between settling and summing clears a value again; a few tries always settle.
      for (let attempt = 0; attempt < 5 && rows === undefined; attempt++) {
        await this.ledger.settle(userId, converter, wholeMonthsBetween(firstDay ?? 0, lastDay));
        rows = await this.repository.valuedFlows(userId, firstDay ?? 0, lastDay);
      }
      if (rows === undefined) throw new Error('main-currency values kept changing while they were summed');
      for (const r of rows) add(r, joinScaled(r.minor, r.frac));
    }
    for (const [from, to] of split.raw) {
      // Rows of a partial day grouped into the daily totals they belong to, then valued, as mainSums does.
      const totals = new Map<string, { t: FlowTotal }>();
      for (const t of await this.repository.rawTotals(userId, from, to)) {
        const key = `${t.day}|${t.currency}|${t.categoryId}|${t.kind}|${t.businessType}|${t.isIncome}`;
        const known = totals.get(key);
        if (known === undefined) totals.set(key, { t: { ...t } });
        else known.t.amount += t.amount;
      }
      for (const { t } of totals.values()) add(t, scaledValue(converter, t.amount, t.currency, t.day));
    }
    return { parts, perCurrency };
  }

  /**
   * Everything held in each currency at `at` (available + loans + business pending) valued at the
   * day's rate, each measure rounded once per currency exactly as analytics/balances rounds it, so
   * the sum over currencies is balances' net worth to the cent.
   */
  private async worthAt(
    userId: number,
    converter: Converter,
    at: number,
  ): Promise<{ value: PerCurrency; held: PerCurrency }> {
    const day = utcDayOf(at);
    const { available, loan, pending } = await this.ledger.balancesAt(userId, at);
    const value: PerCurrency = new Map();
    const held: PerCurrency = new Map();
    for (const measure of [available, loan, pending])
      for (const [code, amount] of measure) {
        addTo(value, code, converter.toMinor(amount, currencyInfo(code), day));
        addTo(held, code, amount);
      }
    return { value, held };
  }

  /**
   * networth-bridge: net worth just before start → income, expense, business P&L, external
   * flows, conversion costs, the exchange-rate effect per currency, fixpoint errors → net worth at
   * end. Every part but fx is its exact sum rounded once; fx of a currency is the value of its
   * holdings at the end − at the start − every change of them valued at its own day's rate, and
   * the fx parts together take exactly what the identity leaves (largest remainder, see apportion).
   */
  async networthBridge(owner: Owner, start: number, end: number): Promise<NetworthBridge> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const main = converter.to;
    // Independent reads, at once: on PostgreSQL each is a round trip of its own (a 1-month bridge
    // was ~20 statements one after another); SQLite runs them in turn as before. The worths read
    // native totals only; valuedFlows values what it sums first.
    const [before, after, { parts, perCurrency }, errors] = await Promise.all([
      this.worthAt(owner.id, converter, start - 1),
      this.worthAt(owner.id, converter, end),
      this.valuedFlows(owner.id, converter, start - 1, end),
      this.ledger.errorsBetween(owner.id, start, end),
    ]);
    for (const { fixpoint, error } of errors) {
      const day = utcDayOf(fixpoint.time);
      for (const [code, amount] of error) {
        const value = scaledValue(converter, amount, code, day);
        addTo(parts, 'fixpointerror', value);
        addTo(perCurrency, code, value);
      }
    }
    const total = (m: PerCurrency) => [...m.values()].reduce((a, b) => a + b, 0n);
    const startWorth = total(before.value);
    const endWorth = total(after.value);
    const order = ['income', 'expense', 'business', 'external', 'conversioncost'] as const;
    const rounded = new Map<BridgePartName, bigint>(
      [...order, 'fixpointerror' as const].map((name) => [name, roundScaled(parts.get(name) ?? 0n)]),
    );
    // fx per currency: value at end − value at start − its changes at their own days' rates.
    const codes = new Set([...before.held.keys(), ...after.held.keys(), ...perCurrency.keys()]);
    codes.delete(main.code); // the main currency's own rate never moves: its effect is 0
    // A currency held at neither end and never moved (a pocket stated at 0) has no part.
    const moved = (code: string) =>
      (before.held.get(code) ?? 0n) !== 0n ||
      (after.held.get(code) ?? 0n) !== 0n ||
      (perCurrency.get(code) ?? 0n) !== 0n;
    const fxCodes = [...codes].filter(moved).sort();
    const fxExact = fxCodes.map(
      (code) =>
        ((after.value.get(code) ?? 0n) - (before.value.get(code) ?? 0n)) * SCALE - (perCurrency.get(code) ?? 0n),
    );
    const fxTotal = endWorth - startWorth - total(rounded);
    if (fxCodes.length === 0 && fxTotal !== 0n) {
      // Only the main currency: every value is whole, nothing can be left over.
      throw new Error('net-worth bridge: a remainder without a foreign currency');
    }
    const fx = apportion(fxExact, fxTotal);
    const d = main.decimals;
    const part = (name: BridgePartName, minor: bigint, currency?: string) => ({
      name,
      amount: minorToMajor(minor, d),
      ...(currency === undefined ? {} : { currency }),
    });
    return {
      currency: main.code,
      start: minorToMajor(startWorth, d),
      end: minorToMajor(endWorth, d),
      parts: [
        ...order.map((name) => part(name, rounded.get(name) ?? 0n)),
        ...fxCodes.map((code, i) => part('fx', fx[i] ?? 0n, code)),
        part('fixpointerror', rounded.get('fixpointerror') ?? 0n),
      ],
    };
  }

  /**
   * fixpoint-drift: per currency, every fixpoint of [start, end] with its error (native, and in
   * the main currency at the fixpoint's day's rate, rounded once), the running total of the main
   * values (each point the exact running sum rounded once), the stated and calculated balances and
   * the pockets behind them; the monthly average = Σ errors × 30.42 / days of the interval.
   */
  async fixpointDrift(owner: Owner, start: number, end: number): Promise<FixpointDrift> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const main = converter.to;
    const errors = await this.ledger.errorsBetween(owner.id, start, end);
    const states = await this.ledger.statesOfMany(
      owner.id,
      errors.map((e) => e.fixpoint.id),
    );
    const stated = statedPerCurrency(states);
    const pocketsOf = new Map<string, { pocketId: number; name: string; balance: number }[]>();
    for (const s of states) {
      const key = `${s.fixpointId}|${s.currency}`;
      const list = pocketsOf.get(key) ?? [];
      list.push({
        pocketId: s.pocketId,
        name: s.name,
        balance: minorToMajor(BigInt(s.balance), currencyInfo(s.currency).decimals),
      });
      pocketsOf.set(key, list);
    }
    const days = BigInt(Math.max(1, Math.round((end - start) / MS_PER_DAY)));
    const d = main.decimals;
    const perCurrency = new Map<
      string,
      { items: FixpointDrift['currencies'][number]['items']; sum: bigint; native: bigint }
    >();
    for (const { fixpoint, error } of errors) {
      const day = utcDayOf(fixpoint.time);
      for (const [code, amount] of error) {
        const info = currencyInfo(code);
        const value = scaledValue(converter, amount, code, day);
        const entry = perCurrency.get(code) ?? { items: [], sum: 0n, native: 0n };
        entry.sum += value;
        entry.native += amount;
        const own = stated.get(fixpoint.id)?.get(code) ?? 0n;
        entry.items.push({
          fixpointId: fixpoint.id,
          time: iso(fixpoint.time),
          error: minorToMajor(amount, info.decimals),
          errorMain: minorToMajor(roundScaled(value), d),
          cumulative: minorToMajor(roundScaled(entry.sum), d),
          stated: minorToMajor(own, info.decimals),
          calculated: minorToMajor(own - amount, info.decimals),
          pockets: pocketsOf.get(`${fixpoint.id}|${code}`) ?? [],
        });
        perCurrency.set(code, entry);
      }
    }
    return {
      currency: main.code,
      currencies: [...perCurrency]
        .sort(([a], [b]) => (a === main.code ? -1 : b === main.code ? 1 : a.localeCompare(b)))
        .map(([code, entry]) => ({
          currency: code,
          monthlyAverage: minorToMajor(divideHalfEven(entry.sum * DAYS_PER_MONTH_HUNDREDTHS, days * 100n * SCALE), d),
          total: minorToMajor(entry.native, currencyInfo(code).decimals),
          items: entry.items,
        })),
    };
  }

  /**
   * exposure: the main-currency value of each currency's available money at the end of every day
   * of [start, end] (every week, ending with end's day, when the interval is longer than
   * EXPOSURE_DAILY_DAYS), each at that day's rate and rounded once as holdings does, with its
   * share of the day's total; and per foreign currency the net-worth change at the end if it
   * moved 10 % against the main currency (a tenth of everything held in it, exact, rounded once).
   */
  async exposure(owner: Owner, start: number, end: number): Promise<Exposure> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const main = converter.to;
    const firstDay = utcDayOf(start);
    const lastDay = utcDayOf(end);
    const weekly = lastDay - firstDay + 1 > EXPOSURE_DAILY_DAYS;
    const step = weekly ? 7 : 1;
    const pointDays: number[] = [];
    for (let day = lastDay; day >= firstDay; day -= step) pointDays.push(day);
    pointDays.reverse();
    // Independent reads, at once (on PostgreSQL each is its own round trip).
    const [available, { held }] = await Promise.all([
      this.availableAtPoints(owner.id, firstDay, lastDay, step),
      this.worthAt(owner.id, converter, end),
    ]);
    const codes = [...new Set(available.flatMap((a) => [...a.keys()]))].sort((a, b) =>
      a === main.code ? -1 : b === main.code ? 1 : a.localeCompare(b),
    );
    const values = new Map(codes.map((c) => [c, [] as bigint[]]));
    const totals: bigint[] = [];
    pointDays.forEach((day, i) => {
      let sum = 0n;
      for (const code of codes) {
        const v = converter.toMinor(available[i]?.get(code) ?? 0n, currencyInfo(code), day);
        values.get(code)?.push(v);
        sum += v;
      }
      totals.push(sum);
    });
    const d = main.decimals;
    // Share in hundredths of a percent, half to even; 0 when the day's total is 0.
    const share = (v: bigint, t: bigint) => (t === 0n ? 0 : Number(divideHalfEven(v * 10_000n, t)) / 100);
    const sensitivity = [...held]
      .filter(([code, amount]) => code !== main.code && amount !== 0n)
      .map(([code, amount]) => {
        const { num, den } = converter.fraction(amount, currencyInfo(code), lastDay);
        return { currency: code, minor: divideHalfEven(num, den * 10n) };
      })
      .sort((a, b) => {
        const abs = (x: bigint) => (x < 0n ? -x : x);
        return abs(a.minor) === abs(b.minor)
          ? a.currency.localeCompare(b.currency)
          : abs(a.minor) > abs(b.minor)
            ? -1
            : 1;
      })
      .map(({ currency, minor }) => ({ currency, amount: minorToMajor(minor, d) }));
    return {
      currency: main.code,
      step: weekly ? 'week' : 'day',
      dates: pointDays.map(isoFromDay),
      series: codes.map((code) => {
        const list = values.get(code) ?? [];
        return {
          currency: code,
          values: list.map((v) => minorToMajor(v, d)),
          shares: list.map((v, i) => share(v, totals[i] ?? 0n)),
        };
      }),
      sensitivity,
    };
  }

  /**
   * available_C at the end of each point day (every `step` days ending with lastDay, within
   * firstDay..lastDay), ascending: the balance at the end of the day before, then the native
   * cash per bucket of days between points, summed by the database; a bucket holding a fixpoint
   * comes per day, and its last fixpoint of a day restarts available from the stated balances
   * plus what flowed after it that day (as balance-history).
   */
  private async availableAtPoints(
    userId: number,
    firstDay: number,
    lastDay: number,
    step: number,
  ): Promise<PerCurrency[]> {
    const dayBefore = endOfDay(firstDay - 1);
    // Independent reads at once, in two rounds (on PostgreSQL each read is a round trip).
    const [start, fixpoints] = await Promise.all([
      this.ledger.available(userId, dayBefore),
      this.ledger.fixpointsBetween(userId, dayBefore + 1, endOfDay(lastDay)),
    ]);
    let availableNow = start;
    const lastFixpointOfDay = new Map<number, { id: number; time: number }>();
    for (const f of fixpoints) {
      const known = lastFixpointOfDay.get(utcDayOf(f.time));
      if (known === undefined || f.time > known.time) lastFixpointOfDay.set(utcDayOf(f.time), f);
    }
    const bucketOf = (day: number) => Math.floor((lastDay - day) / step);
    const byDayBuckets = [...new Set([...lastFixpointOfDay.keys()].map(bucketOf))];
    const fixDays = [...lastFixpointOfDay.keys()];
    const [states, buckets, after] = await Promise.all([
      this.ledger.statesOfMany(
        userId,
        [...lastFixpointOfDay.values()].map((f) => f.id),
      ),
      this.repository.cashByBucket(userId, firstDay, lastDay, step, byDayBuckets),
      // What flowed after each day's last fixpoint until the day's end, for all of them at once.
      this.repository.cashOver(
        userId,
        fixDays.map((day) => [lastFixpointOfDay.get(day)?.time ?? 0, endOfDay(day)] as const),
      ),
    ]);
    const stated = statedPerCurrency(states);
    const cash = new Map<number, [string, bigint][]>();
    for (const r of buckets) {
      const list = cash.get(r.key) ?? [];
      list.push([r.currency, r.cash]);
      cash.set(r.key, list);
    }
    const split = new Set(byDayBuckets);
    // Fixpoints that leave pockets unstated restart by the pocket rule (DESIGN §4).
    const byPocket = await this.ledger.countsByPocket(userId);
    const afterFixpoint = new Map(fixDays.map((day, i) => [day, after[i] ?? new Map<string, bigint>()]));
    const out: PerCurrency[] = [];
    for (let b = bucketOf(firstDay); b >= 0; b--) {
      const pointDay = lastDay - step * b;
      if (!split.has(b)) {
        for (const [code, v] of cash.get(b) ?? []) addTo(availableNow, code, v);
      } else
        for (let day = Math.max(firstDay, pointDay - step + 1); day <= pointDay; day++) {
          for (const [code, v] of cash.get(-1 - day) ?? []) addTo(availableNow, code, v);
          const fixpoint = lastFixpointOfDay.get(day);
          if (fixpoint !== undefined && byPocket) availableNow = await this.ledger.available(userId, endOfDay(day));
          else if (fixpoint !== undefined) {
            availableNow = new Map(stated.get(fixpoint.id) ?? []);
            for (const [code, v] of afterFixpoint.get(day) ?? []) addTo(availableNow, code, v);
          }
        }
      out.push(new Map(availableNow));
    }
    return out;
  }
}
