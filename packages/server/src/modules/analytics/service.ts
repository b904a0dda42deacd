import type { Holding, NamedAsset } from '@kassa/contract';
import { findCurrency, minorToMajor, utcDayOf, type CurrencyInfo } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { FixpointsRepository } from '../fixpoints/repository.js';
import { sumsByCurrency, type FlowsByCurrency } from '../ledger/flows.js';
import type { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import type { Owner } from '../transactions/service.js';

const currencyOf = (code: string) => findCurrency(code) as CurrencyInfo;

/** Analytics of DESIGN §5, in the main currency unless named. */
export class AnalyticsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly rates: RatesService,
  ) {}

  private converter(owner: Owner): Converter {
    const main = owner.mainCurrency === null ? undefined : findCurrency(owner.mainCurrency);
    if (main === undefined) throw conflict('Choose a main currency first');
    return this.rates.converter(main);
  }

  /** available_C(T): the last fixpoint's stated balances at or before T plus the cash flows after it. */
  async available(userId: number, at: number): Promise<FlowsByCurrency> {
    const fixpoints = new FixpointsRepository(this.db);
    const last = await fixpoints.latest(userId, at);
    const available: FlowsByCurrency = new Map();
    if (last !== undefined) {
      for (const s of await fixpoints.states(userId, last.id))
        available.set(s.currency, (available.get(s.currency) ?? 0n) + BigInt(s.balance));
    }
    for (const [code, flow] of await sumsByCurrency(this.db, userId, 'cash', last?.time, at))
      available.set(code, (available.get(code) ?? 0n) + flow);
    return available;
  }

  /** Each currency's amount converted at the day's rate, rounded once per currency (holdings add up to available). */
  private convertEach(converter: Converter, amounts: FlowsByCurrency, day: number): Map<string, bigint> {
    const converted = new Map<string, bigint>();
    for (const [code, amount] of amounts) converted.set(code, converter.toMinor(amount, currencyOf(code), day));
    return converted;
  }

  private static total(values: Map<string, bigint>): bigint {
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
    const converter = this.converter(owner);
    const main = converter.to;
    const day = utcDayOf(at);
    const available = await this.available(owner.id, at);
    const loans = await sumsByCurrency(this.db, owner.id, 'loan', undefined, at);
    const pending = await sumsByCurrency(this.db, owner.id, 'pending', undefined, at);
    const availableMain = AnalyticsService.total(this.convertEach(converter, available, day));
    const loaned = AnalyticsService.total(this.convertEach(converter, loans, day));
    const businessPending = AnalyticsService.total(this.convertEach(converter, pending, day));
    const outstanding = loaned + businessPending;
    const asset = (name: string, minor: bigint): NamedAsset => ({
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

  /** holdings(date): available per currency with its main-currency value, largest value first. */
  async holdings(owner: Owner, at: number): Promise<Holding[]> {
    const converter = this.converter(owner);
    const day = utcDayOf(at);
    const available = await this.available(owner.id, at);
    const converted = this.convertEach(converter, available, day);
    return [...available]
      .map(([code, amount]) => ({ code, amount, value: converted.get(code) ?? 0n }))
      .sort((a, b) => (a.value === b.value ? a.code.localeCompare(b.code) : a.value > b.value ? -1 : 1))
      .map(({ code, amount, value }) => {
        const holding: Holding = { currency: code, amount: minorToMajor(amount, currencyOf(code).decimals) };
        if (code !== converter.to.code) holding.convertedAmount = minorToMajor(value, converter.to.decimals);
        return holding;
      });
  }
}
