import type { BridgePartName, ConversionCosts, Exposure, FixpointDrift, NetworthBridge } from '@kassa/contract';
import { currencyInfo, divideHalfEven, isoFromDay, minorToMajor, utcDayOf } from '@kassa/money';
import type { Owner } from '../auth/service.js';
import type { MainFilter, MainSum, PerCurrency } from '../ledger/index.js';
import { roundScaled, SCALE, scaledValue } from '../ledger/index.js';
import { statedPerCurrency, type LedgerReader } from '../ledger/index.js';
import type { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { availableAtPoints } from './available-points.js';
import { conversionCosts } from './conversion-costs.js';
import { addTo, apportion, DAYS_PER_MONTH_HUNDREDTHS, EXPOSURE_DAILY_DAYS, iso, MS_PER_DAY } from './figures.js';

/**
 * The flows that change what a currency is worth in total (DESIGN §4): real and external flows,
 * business pnl and realize, and conversion legs; loans and invest only move money between
 * holdings of one currency.
 */
const WORTH_CHANGING: MainFilter = {
  kinds: ['real', 'external', 'conversion', 'business'],
  businessTypes: ['', 'pnl', 'realize'],
};

/** The net-worth bridge part a flow type counts in; undefined for those that change no worth. */
function bridgePartOf(g: Pick<MainSum, 'kind' | 'businessType' | 'isIncome'>): BridgePartName | undefined {
  if (g.kind === 'real') return g.isIncome ? 'income' : 'expense';
  if (g.kind === 'external') return 'external';
  if (g.kind === 'conversion') return 'conversioncost';
  if (g.kind === 'business' && (g.businessType === 'pnl' || g.businessType === 'realize')) return 'business';
  return undefined;
}

/** Issue 21: what currencies did to the user's money (conversion costs, bridge, drift, exposure). */
export class InsightsService {
  constructor(
    private readonly ledger: LedgerReader,
    private readonly rates: RatesService,
  ) {}

  /** conversion-costs (conversion-costs.ts). */
  async conversionCosts(owner: Owner, start: number, end: number): Promise<ConversionCosts> {
    return conversionCosts(this.ledger, this.rates, owner, start, end);
  }

  /**
   * The main-currency values of the flows of (after, until] that change a currency's holdings,
   * per bridge part and per currency (10^-12 units), from the ledger's main sums per currency:
   * whole days from the stored values (whole months from their roll-up per currency), the partial
   * days at the edges from the rows, valued the same way. Conversion legs are in it too: their
   * sum is minus the conversions' cost.
   */
  private async valuedFlows(
    userId: number,
    converter: Converter,
    after: number,
    until: number,
  ): Promise<{ parts: Map<BridgePartName, bigint>; perCurrency: PerCurrency }> {
    const parts = new Map<BridgePartName, bigint>();
    const perCurrency: PerCurrency = new Map();
    const options = { byCurrency: true, filter: WORTH_CHANGING };
    for (const g of await this.ledger.mainSums(userId, converter, after, until, options)) {
      const part = bridgePartOf(g);
      if (part === undefined) continue;
      const signed = g.isIncome ? g.scaled : -g.scaled;
      addTo(parts, part, signed);
      addTo(perCurrency, g.currency, signed);
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
      availableAtPoints(this.ledger, owner.id, firstDay, lastDay, step),
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
}
