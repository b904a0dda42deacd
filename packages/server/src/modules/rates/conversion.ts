import { divideHalfEven, formatSignificant, isoFromDay, pow10, type CurrencyInfo } from '@kassa/money';
import { AppError } from '../../http/errors.js';
import { indexOnOrBefore, type Position, type RateLeg, type RateTable, type Series } from './rate-table.js';

/** A currency without any stored rate: an explicit error, never a silent 1.0 (DESIGN §6). */
export function missingRate(currency: string): AppError {
  return new AppError(422, 'missing_rate', `No exchange rate is known for ${currency}`);
}

/** An exact converted amount: num / den minor units of the target currency. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

/** A conversion with its provenance. */
export interface ExplainedConversion {
  /** Converted amount in minor units of the target currency, rounded half to even. */
  minor: bigint;
  /** Units of the target per 1 unit of the source, 10 significant digits (for display). */
  rate: string;
  /** The EUR reference rates used, with their days and sources (EUR itself has none). */
  legs: RateLeg[];
}

/** EUR is the base of the stored rates: its rate is 1 by definition, on every day. */
const EUR = 'EUR';

/**
 * Converts amounts into one target currency, exactly:
 * minor_to = minor_from x 10^(d_to - d_from) x rate_to / rate_from, where rate_X is units of X
 * per 1 EUR on the transaction's day. No intermediate rounding: the only rounding is the final
 * half-to-even to whole minor units of the target, and aggregates can sum the fractions first.
 */
export class Converter {
  /** The target's series, looked up once; undefined for EUR (rate 1). */
  private readonly toSeries: Series | undefined;

  constructor(
    private readonly table: RateTable,
    readonly to: CurrencyInfo,
    /**
     * Values everything at this one day's rates whatever day it is asked for (a report's
     * valuation at a date, issue 21); undefined: each amount at its own day's rate.
     */
    readonly fixedDay?: number,
  ) {
    this.toSeries = table.seriesOf(to.code);
    if (to.code !== EUR && this.toSeries === undefined) throw missingRate(to.code);
  }

  /** The same conversion with every amount valued at the rates of `day`. */
  atDay(day: number): Converter {
    return new Converter(this.table, this.to, day);
  }

  /** The exact value of amountMinor (in from's minor units) in minor units of the target. */
  fraction(amountMinor: bigint, from: CurrencyInfo, asked: number): Fraction {
    if (from.code === this.to.code) return { num: amountMinor, den: 1n };
    const day = this.fixedDay ?? asked;
    // Hot path (100k conversions per analytics call): no tuples, one map lookup.
    let uTo = 1n;
    let sTo = 0;
    if (this.toSeries !== undefined) {
      const i = indexOnOrBefore(this.toSeries.days, day);
      uTo = this.toSeries.units[i] ?? 0n;
      sTo = this.toSeries.scales[i] ?? 0;
    }
    let uFrom = 1n;
    let sFrom = 0;
    if (from.code !== EUR) {
      const series = this.table.seriesOf(from.code);
      if (series === undefined) throw missingRate(from.code);
      const i = indexOnOrBefore(series.days, day);
      uFrom = series.units[i] ?? 0n;
      sFrom = series.scales[i] ?? 0;
    }
    const k = this.to.decimals - from.decimals + sFrom - sTo;
    return k >= 0
      ? { num: amountMinor * uTo * pow10(k), den: uFrom }
      : { num: amountMinor * uTo, den: uFrom * pow10(-k) };
  }

  /** The converted amount rounded half to even to whole minor units. */
  toMinor(amountMinor: bigint, from: CurrencyInfo, day: number): bigint {
    const { num, den } = this.fraction(amountMinor, from, day);
    return den === 1n ? num : divideHalfEven(num, den);
  }

  /** The conversion with the rate and the stored rates it used. */
  explain(amountMinor: bigint, from: CurrencyInfo, asked: number): ExplainedConversion {
    const day = this.fixedDay ?? asked;
    const legs = from.code === this.to.code ? [] : [this.leg(from.code, day), this.leg(this.to.code, day)];
    return { minor: this.toMinor(amountMinor, from, day), rate: this.rate(from, day), legs };
  }

  /** Units of the target per 1 unit of from on the day, 10 significant digits. */
  rate(from: CurrencyInfo, asked: number): string {
    if (from.code === this.to.code) return '1';
    const day = this.fixedDay ?? asked;
    const [uTo, sTo] = this.unitsAndScale(this.to.code, day);
    const [uFrom, sFrom] = this.unitsAndScale(from.code, day);
    // rate_to / rate_from = (uTo / 10^sTo) / (uFrom / 10^sFrom)
    return sFrom >= sTo
      ? formatSignificant(uTo * pow10(sFrom - sTo), uFrom, 10)
      : formatSignificant(uTo, uFrom * pow10(sTo - sFrom), 10);
  }

  private position(currency: string, day: number): Position {
    const p = this.table.position(currency, day);
    if (p === undefined) throw missingRate(currency);
    return p;
  }

  private unitsAndScale(currency: string, day: number): [bigint, number] {
    if (currency === EUR) return [1n, 0];
    const { series, index } = this.position(currency, day);
    return [series.units[index] ?? 0n, series.scales[index] ?? 0];
  }

  private leg(currency: string, day: number): RateLeg {
    if (currency === EUR) return { currency, day: isoFromDay(day), rate: '1', source: 'definition' };
    return this.table.leg(currency, this.position(currency, day));
  }
}
