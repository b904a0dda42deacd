import type { WeekendRule } from '@kassa/contract';
import rrule from 'rrule';

// The dates of a schedule (docs/DECISIONS.md, Scheduled entries): an RFC 5545 rule read by the
// `rrule` library, computed on UTC midnights and read back with getUTC*, so the process's time
// zone never moves a date (no DST drift). Pure: no I/O, no clock.

const { RRule } = rrule;
type Rule = InstanceType<typeof RRule>;

const MS_PER_DAY = 86_400_000;

/**
 * The most dates one call enumerates. A daily rule from 1900 has about 110k; a schedule that
 * many occurrences behind is a mistake, and no answer or job run should walk them all at once.
 */
export const MAX_OCCURRENCES = 5_000;

/** Frequencies finer than a day are refused: occurrences are calendar dates. */
const DAILY_OR_COARSER = new Set<number>([RRule.YEARLY, RRule.MONTHLY, RRule.WEEKLY, RRule.DAILY]);

/** A parsed rule with its first and last allowed dates (start is DTSTART; end inclusive or none). */
export interface Recurrence {
  readonly rule: Rule;
  readonly start: string;
  readonly end: string | null;
}

/** An occurrence: the rule's date (the key) and the posting date after the weekend rule. */
export interface Posting {
  occurrence: string;
  date: string;
}

export type ParseResult = { ok: true; recurrence: Recurrence } | { ok: false; message: string };

/** UTC midnight of a "YYYY-MM-DD" date. */
export const msOfDate = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** The "YYYY-MM-DD" of an instant's UTC day. */
export const dateOfMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A date moved by whole days. */
export const addDays = (date: string, days: number): string => dateOfMs(msOfDate(date) + days * MS_PER_DAY);

const positiveInteger = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * Reads a rule (with or without "RRULE:") that starts on `start` and ends by `end` (inclusive);
 * the message says what is wrong (the caller names the field `rule`). A rule that yields no date
 * between start and end is refused too: it would never post anything.
 */
export function parseRecurrence(text: string, start: string, end: string | null): ParseResult {
  const body = text.trim().replace(/^RRULE:/i, '');
  // DTSTART, TZID and a second line (EXDATE, RDATE) would each move dates the schedule's own
  // start and end decide; a time zone would bring back the drift calendar dates avoid.
  if (/[\r\n]/.test(body) || /(^|;)\s*(DTSTART|TZID)/i.test(body)) {
    return { ok: false, message: 'must be one RRULE line without DTSTART or TZID (start is the schedule’s start)' };
  }
  let options: Partial<Rule['origOptions']>;
  try {
    options = RRule.parseString(body);
  } catch (err) {
    return {
      ok: false,
      message: `is not a valid recurrence rule (${err instanceof Error ? err.message : 'unreadable'})`,
    };
  }
  if (options.freq === undefined || !DAILY_OR_COARSER.has(options.freq)) {
    return { ok: false, message: 'must have FREQ=DAILY, WEEKLY, MONTHLY or YEARLY' };
  }
  if (options.byhour != null || options.byminute != null || options.bysecond != null) {
    return { ok: false, message: 'must not have BYHOUR, BYMINUTE or BYSECOND: occurrences are dates' };
  }
  // The library reads "COUNT=abc" without a complaint and then stops after one date.
  if (options.count != null && !positiveInteger(options.count))
    return { ok: false, message: 'COUNT must be a positive integer' };
  if (options.interval != null && !positiveInteger(options.interval)) {
    return { ok: false, message: 'INTERVAL must be a positive integer' };
  }
  if (options.until != null && Number.isNaN(options.until.getTime()))
    return { ok: false, message: 'UNTIL is not a date' };
  let rule: Rule;
  try {
    rule = new RRule({ ...options, dtstart: new Date(msOfDate(start)), tzid: null });
  } catch (err) {
    return {
      ok: false,
      message: `is not a valid recurrence rule (${err instanceof Error ? err.message : 'unreadable'})`,
    };
  }
  const recurrence: Recurrence = { rule, start, end };
  if (firstOnOrAfter(recurrence, start) === undefined) {
    return {
      ok: false,
      message: end === null ? 'yields no date on or after start' : 'yields no date between start and end',
    };
  }
  return { ok: true, recurrence };
}

/**
 * The rule's dates from `from` to `to`, both inclusive, within the schedule's start and end,
 * oldest first; at most `limit`.
 */
export function occurrencesBetween(r: Recurrence, from: string, to: string, limit = MAX_OCCURRENCES): string[] {
  const lo = from > r.start ? from : r.start;
  const hi = r.end !== null && r.end < to ? r.end : to;
  if (lo > hi) return [];
  const dates: string[] = [];
  // Whole days: a rule with no time parts yields UTC midnights, so [lo 00:00, hi 00:00] is every one.
  r.rule.between(new Date(msOfDate(lo)), new Date(msOfDate(hi)), true, (d) => {
    const date = dateOfMs(d.getTime());
    if (dates[dates.length - 1] !== date) dates.push(date);
    return dates.length < limit;
  });
  return dates;
}

/** The first of the rule's dates on or after `from`; undefined when there is none. */
export function firstOnOrAfter(r: Recurrence, from: string): string | undefined {
  const lo = from > r.start ? from : r.start;
  const found = r.rule.after(new Date(msOfDate(lo)), true);
  if (found === null) return undefined;
  const date = dateOfMs(found.getTime());
  return r.end !== null && date > r.end ? undefined : date;
}

/** Whether `date` is one of the rule's dates (within start and end). */
export function isOccurrence(r: Recurrence, date: string): boolean {
  return occurrencesBetween(r, date, date, 1).length === 1;
}

/** The posting date of an occurrence: a Saturday or Sunday moves to the Friday before or the Monday after. */
export function postingDate(occurrence: string, weekend: WeekendRule): string {
  if (weekend === 'as-is') return occurrence;
  const weekday = new Date(msOfDate(occurrence)).getUTCDay();
  if (weekday === 6) return addDays(occurrence, weekend === 'before' ? -1 : 2);
  if (weekday === 0) return addDays(occurrence, weekend === 'before' ? -2 : 1);
  return occurrence;
}

/**
 * The occurrences whose posting date falls from `from` to `to` (inclusive), by posting date then
 * occurrence; at most `limit`. The weekend rule moves a date by two days at most, so the rule's
 * dates are read two days wider on each side.
 */
export function postingsBetween(
  r: Recurrence,
  weekend: WeekendRule,
  from: string,
  to: string,
  limit = MAX_OCCURRENCES,
): Posting[] {
  const postings: Posting[] = [];
  for (const occurrence of occurrencesBetween(r, addDays(from, -2), addDays(to, 2), limit + 4)) {
    const date = postingDate(occurrence, weekend);
    if (date >= from && date <= to) postings.push({ occurrence, date });
  }
  postings.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.occurrence < b.occurrence ? -1 : 1));
  return postings.slice(0, limit);
}

/**
 * The occurrences not in `done` whose posting date is on or before `until`, oldest first; at
 * most `limit`. Read a slice of the rule's dates at a time, so a long-running daily schedule with
 * thousands of handled dates still finds the pending ones after them.
 */
export function pendingPostings(
  r: Recurrence,
  weekend: WeekendRule,
  done: ReadonlySet<string>,
  until: string,
  limit = MAX_OCCURRENCES,
): Posting[] {
  const pending: Posting[] = [];
  // A posting date comes at most two days after its rule date.
  const last = addDays(until, 2);
  let from = r.start;
  for (;;) {
    const dates = occurrencesBetween(r, from, last, MAX_OCCURRENCES);
    for (const occurrence of dates) {
      if (done.has(occurrence)) continue;
      const date = postingDate(occurrence, weekend);
      if (date <= until) pending.push({ occurrence, date });
    }
    const lastRead = dates[dates.length - 1];
    if (dates.length < MAX_OCCURRENCES || lastRead === undefined || pending.length >= limit) break;
    from = addDays(lastRead, 1);
  }
  pending.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.occurrence < b.occurrence ? -1 : 1));
  return pending.slice(0, limit);
}
