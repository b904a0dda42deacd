import { createHash } from 'node:crypto';
import type { RatesStatus, UsedRates } from '@kassa/contract';
import { currencyInfo, findCurrency, isoFromDay, utcDayOf, type CurrencyInfo } from '@kassa/money';
import { conflict } from '../../http/errors.js';
import { Converter, missingRate } from './conversion.js';
import { ratesAreStale } from './freshness.js';
import { indexOnOrBefore, type RateLeg, type RateRow, type RateTable } from './rate-table.js';
import type { RatesRepository } from './repository.js';

/** How often a running instance looks for rates another process stored. */
export const RATES_CHECK_MS = 1000;

/** One line of exrate/get-daily. */
export interface DailyRate {
  toCurrency: string;
  /** Units of toCurrency per 1 unit of the main currency. */
  rate: number;
  legs: RateLeg[];
}

/**
 * Owns the rate table in memory: the bundled history with stored (live, imported) rows laid over
 * it. Every conversion in the app goes through converter(), so all of them agree.
 */
export class RatesService {
  private current: RateTable;

  constructor(
    private readonly repository: RatesRepository,
    private readonly bundle: RateTable,
    private readonly now: () => number = Date.now,
  ) {
    this.current = bundle;
  }

  /** The store number the table in memory was read at (RatesRepository.version). */
  private loadedVersion = -1;
  private checkedAt = -Infinity;
  private checking: Promise<void> | undefined;

  /** Reads the stored rows and lays them over the bundle; call once at start. */
  async load(): Promise<void> {
    // The version first: a store landing in between is read again at the next check.
    const version = await this.repository.version();
    this.current = this.bundle.withRows(await this.repository.all());
    this.loadedVersion = version;
    this.checkedAt = this.now();
  }

  /**
   * Takes up rates another process (another instance, the CLI) stored since the table was read:
   * looks at the store number at most once every RATES_CHECK_MS, and when it moved, reloads and
   * tells the listeners the first changed day, as its own store would. Requests call it first.
   */
  async catchUp(): Promise<void> {
    if (this.now() - this.checkedAt < RATES_CHECK_MS) return;
    this.checking ??= (async () => {
      try {
        const version = await this.repository.version();
        this.checkedAt = this.now();
        if (version !== this.loadedVersion) await this.reload();
      } finally {
        this.checking = undefined;
      }
    })();
    await this.checking;
  }

  /**
   * Identifies the rates in use: the bundle's shape plus the stored rows' count and latest store
   * time. Values derived from rates remember it and are recomputed when it changes.
   */
  async fingerprint(): Promise<string> {
    this.bundleDigest ??= createHash('sha256').update(this.bundle.digest()).digest('hex').slice(0, 16);
    return `${this.bundleDigest}|${await this.repository.storedState()}`;
  }

  private bundleDigest: string | undefined;

  /** The table as it is now. */
  table(): RateTable {
    return this.current;
  }

  /**
   * The stored EUR reference rates reports of firstDay..lastDay use for each currency (issue 21:
   * exrate/used): the one in force on firstDay, then every later one up to lastDay. EUR has none
   * (it is the base); a currency without any rate lists none (its reports answer missing_rate).
   */
  used(codes: readonly string[], firstDay: number, lastDay: number): UsedRates {
    const table = this.current;
    return {
      currencies: codes
        .filter((code) => code !== 'EUR')
        .map((currency) => {
          const series = table.seriesOf(currency);
          if (series === undefined) return { currency, rates: [] };
          const rates = [];
          for (let index = indexOnOrBefore(series.days, firstDay); index < series.days.length; index++) {
            if ((series.days[index] ?? 0) > lastDay) break;
            const { day, rate, source } = table.leg(currency, { series, index });
            rates.push({ day, rate, source });
          }
          return { currency, rates };
        }),
    };
  }

  /**
   * Keeps a refresh attempt's outcome where every instance reads it (issue 32): null when it
   * stored rates, else why not.
   */
  async recordRefresh(error: string | null): Promise<void> {
    await this.repository.recordRefresh(this.now(), error);
  }

  /**
   * How fresh the rates in use are (issue 32): the newest day of any rate in the table, whether
   * that is stale today (freshness.ts) and the last refresh attempt of any process. Undefined
   * for an empty table.
   */
  async status(): Promise<RatesStatus | undefined> {
    const coverage = this.current.coverage();
    if (coverage === undefined) return undefined;
    const last = await this.repository.lastRefresh();
    const iso = (at: number) => new Date(at).toISOString();
    return {
      newestDay: isoFromDay(coverage.last),
      stale: ratesAreStale(coverage.last, utcDayOf(this.now())),
      ...(last === undefined
        ? {}
        : {
            lastRefresh: {
              at: iso(last.at),
              ok: last.error === null,
              ...(last.error === null ? {} : { error: last.error }),
              ...(last.okAt === null ? {} : { lastOkAt: iso(last.okAt) }),
            },
          }),
    };
  }

  /** A converter into the currency, on the current table. */
  converter(to: CurrencyInfo): Converter {
    return new Converter(this.current, to);
  }

  /**
   * Stores rows (replacing those of the same day and currency; a feed keeps hand imports) and
   * reloads, so the table in memory is exactly what the database holds, including rows another
   * process (the CLI) wrote meanwhile.
   */
  async store(rows: readonly RateRow[], options: { keepImports: boolean }): Promise<void> {
    await this.repository.upsert(rows, this.now(), options.keepImports);
    await this.reload();
  }

  /**
   * Reads the table again and tells the listeners the first day of every row stored since the
   * table in memory was read (by this process or another): a day's rate serves every later day
   * until the next stored one, so values from that day on change.
   */
  async reload(): Promise<void> {
    const fromDay = await this.repository.firstDayStoredAfter(this.loadedVersion);
    await this.load();
    if (fromDay === undefined) return;
    for (const listener of this.listeners) await listener(fromDay);
  }

  private readonly listeners: ((fromDay: number) => Promise<void>)[] = [];

  /** Calls `listener` with the first changed day after every store (the ledger revalues from it). */
  onChange(listener: (fromDay: number) => Promise<void>): void {
    this.listeners.push(listener);
  }

  /** A converter into a user's main currency; undefined before registration chose one. */
  mainConverter(mainCurrency: string | null): Converter | undefined {
    return mainCurrency === null ? undefined : this.converter(currencyInfo(mainCurrency));
  }

  /** As mainConverter, for figures that only exist in a main currency (409 without one). */
  requireMainConverter(mainCurrency: string | null): Converter {
    const converter = this.mainConverter(mainCurrency);
    if (converter === undefined) throw conflict('Choose a main currency first');
    return converter;
  }

  /** The rate from the main currency to each listed currency on the day, with provenance. */
  daily(mainCode: string, codes: readonly string[], day: number): DailyRate[] {
    const main = findCurrency(mainCode);
    if (main === undefined) throw missingRate(mainCode);
    return codes.map((code) => {
      const to = findCurrency(code);
      if (to === undefined) throw missingRate(code);
      // One unit of main (10^decimals minor units) converted into `to`: the rate itself.
      const explained = this.converter(to).explain(1n, main, day);
      return { toCurrency: code, rate: Number(explained.rate), legs: explained.legs };
    });
  }
}
