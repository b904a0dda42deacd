import { isoFromDay, placeDecimalPoint, parseDecimal } from '@kassa/money';

/** One stored rate: units of `currency` per 1 EUR on `day` (a day number), and where it came from. */
export interface RateRow {
  day: number;
  currency: string;
  rate: string;
  source: string;
}

/** A rate as a lookup reports it: the value, the day it was published for, and its source. */
export interface RateLeg {
  currency: string;
  /** "YYYY-MM-DD" of the stored rate used (on or before the requested day). */
  day: string;
  /** Units of the currency per 1 EUR, as stored. */
  rate: string;
  source: string;
}

/**
 * Columnar rates of one currency, sorted by day. Rates are stored as integer units and a
 * decimal scale (value = units / 10^scale). Units have at most 15 significant digits, so a
 * BigInt64Array holds them in 8 bytes a day and hands the converter bigints without a
 * conversion on every read (the hot path of every conversion).
 */
export interface Series {
  days: Int32Array;
  units: BigInt64Array;
  scales: Int8Array;
  sources: Uint16Array;
}

/** The resolved position of a lookup: series entry index i of the currency. */
export interface Position {
  series: Series;
  index: number;
}

const MAX_SIGNIFICANT = 15;

/** Parses a stored rate string; throws for anything but a positive plain decimal. */
export function parseRate(rate: string): { units: bigint; scale: number } {
  const parsed = parseDecimal(rate);
  if (parsed === undefined || parsed.units <= 0n) throw new RangeError(`invalid rate ${rate}`);
  // Trailing zeros carry no value; dropping them keeps units small.
  let { units, scale } = parsed;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  if (units.toString().length > MAX_SIGNIFICANT || scale > 100)
    throw new RangeError(`rate ${rate} has too many digits`);
  return { units, scale };
}

/** Index of the last entry with days[i] <= day; the first entry when day precedes them all. */
export function indexOnOrBefore(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length - 1;
  if (hi < 0 || day < (days[0] ?? 0)) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((days[mid] ?? 0) <= day) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Every known EUR reference rate, per currency, in memory. The rate of a day is the latest
 * stored on or before it; before the first stored day, the first one (DESIGN §6).
 */
export class RateTable {
  private constructor(
    private readonly series: ReadonlyMap<string, Series>,
    private readonly sourceNames: readonly string[],
  ) {}

  /**
   * A short digest of the table's shape: per currency how many days, the last day and its rate.
   * With the stored rows' count and latest store time (RatesService.fingerprint) it tells when
   * values derived from rates were computed with another table.
   */
  digest(): string {
    const parts: string[] = [];
    for (const code of [...this.series.keys()].sort()) {
      const s = this.series.get(code);
      const n = s?.days.length ?? 0;
      if (s === undefined || n === 0) continue;
      parts.push(`${code}${n}@${s.days[n - 1] ?? 0}=${s.units[n - 1] ?? 0n}e${s.scales[n - 1] ?? 0}`);
    }
    return parts.join(',');
  }

  /** A table holding just these rows (later rows win over earlier ones of the same day and currency). */
  static build(rows: Iterable<RateRow>): RateTable {
    return new RateTable(new Map(), []).withRows(rows);
  }

  /** A table from prepared columnar series (the bundled history loader builds these). */
  static fromSeries(series: ReadonlyMap<string, Series>, sourceNames: readonly string[]): RateTable {
    return new RateTable(series, sourceNames);
  }

  /**
   * A new table with the rows laid over this one: a row replaces the entry of the same day and
   * currency. Only the currencies the rows touch are copied; the rest is shared.
   */
  withRows(rows: Iterable<RateRow>): RateTable {
    const sourceNames = [...this.sourceNames];
    const sourceIds = new Map(sourceNames.map((name, i) => [name, i]));
    const added = new Map<string, Map<number, { units: bigint; scale: number; source: number }>>();
    for (const row of rows) {
      let source = sourceIds.get(row.source);
      if (source === undefined) {
        source = sourceNames.length;
        sourceNames.push(row.source);
        sourceIds.set(row.source, source);
      }
      let byDay = added.get(row.currency);
      if (byDay === undefined) {
        byDay = new Map();
        added.set(row.currency, byDay);
      }
      byDay.set(row.day, { ...parseRate(row.rate), source });
    }
    if (sourceNames.length > 0xffff) throw new RangeError('too many rate sources');
    const series = new Map(this.series);
    for (const [currency, byDay] of added) {
      const old = this.series.get(currency);
      if (old !== undefined) {
        old.days.forEach((d, i) => {
          if (!byDay.has(d)) {
            byDay.set(d, { units: old.units[i] ?? 0n, scale: old.scales[i] ?? 0, source: old.sources[i] ?? 0 });
          }
        });
      }
      const days = [...byDay.keys()].sort((a, b) => a - b);
      const s: Series = {
        days: Int32Array.from(days),
        units: new BigInt64Array(days.length),
        scales: new Int8Array(days.length),
        sources: new Uint16Array(days.length),
      };
      days.forEach((day, i) => {
        const entry = byDay.get(day);
        if (entry === undefined) return;
        s.units[i] = entry.units;
        s.scales[i] = entry.scale;
        s.sources[i] = entry.source;
      });
      series.set(currency, s);
    }
    return new RateTable(series, sourceNames);
  }

  /** Whether any rate is stored for the currency. */
  has(currency: string): boolean {
    return this.series.has(currency);
  }

  /** Currencies with at least one stored rate. */
  currencies(): string[] {
    return [...this.series.keys()].sort();
  }

  /** First and last stored day over all currencies, or undefined for an empty table. */
  coverage(): { first: number; last: number } | undefined {
    let first = Infinity;
    let last = -Infinity;
    for (const s of this.series.values()) {
      first = Math.min(first, s.days[0] ?? Infinity);
      last = Math.max(last, s.days[s.days.length - 1] ?? -Infinity);
    }
    return Number.isFinite(first) ? { first, last } : undefined;
  }

  /** The columnar series of a currency, or undefined when it has no rates. */
  seriesOf(currency: string): Series | undefined {
    return this.series.get(currency);
  }

  /** Where the rate of the currency for the day sits; undefined when the currency has no rates. */
  position(currency: string, day: number): Position | undefined {
    const series = this.series.get(currency);
    if (series === undefined) return undefined;
    return { series, index: indexOnOrBefore(series.days, day) };
  }

  /** The stored rate a position points at, with its day and source. */
  leg(currency: string, { series, index }: Position): RateLeg {
    return {
      currency,
      day: isoFromDay(series.days[index] ?? 0),
      rate: placeDecimalPoint(series.units[index] ?? 0n, series.scales[index] ?? 0),
      source: this.sourceNames[series.sources[index] ?? 0] ?? 'unknown',
    };
  }
}
