import type { IntervalInput } from '@kassa/contract';
import { MAX_INSTANT, MIN_INSTANT } from '@kassa/contract/constants';
import { endOfDay, startOfDay } from '../lib/local-time';

/** A closed interval of local days; the API gets start of the first day to 23:59:59.999 of the last. */
export interface DayInterval {
  start: Date;
  end: Date;
}

export const QUICK_RANGES = ['MTD', '1 M', '3 M', '1 Y', 'YTD'] as const;
/** Presets of whole calendar periods a screen may add beside the quick buttons (the transaction list). */
export const CALENDAR_RANGES = ['Last month', 'Last year'] as const;
/**
 * "All time" from the first day of 2000 to today, for a screen that opens on the whole history a
 * household is likely to have (Settle up); the API's own ALL_TIME reaches further.
 */
export const ALL_TIME_RANGE = 'All time';
export const ALL_TIME_START = new Date(2000, 0, 1);
export type QuickRange = (typeof QUICK_RANGES)[number] | (typeof CALENDAR_RANGES)[number] | typeof ALL_TIME_RANGE;

function monthsBack(today: Date, months: number): Date {
  const d = new Date(today.getFullYear(), today.getMonth() - months, today.getDate());
  // 31 March minus one month is 3 March in Date arithmetic; clamp to the month's last day instead.
  if (d.getDate() !== today.getDate()) return new Date(today.getFullYear(), today.getMonth() - months + 1, 0);
  return d;
}

/** The interval a quick button stands for, ending today (spec §2 interval picker). */
export function quickRange(range: QuickRange, today = new Date()): DayInterval {
  const end = endOfDay(today);
  switch (range) {
    case 'MTD':
      return { start: new Date(today.getFullYear(), today.getMonth(), 1), end };
    case '1 M':
      return { start: startOfDay(monthsBack(today, 1)), end };
    case '3 M':
      return { start: startOfDay(monthsBack(today, 3)), end };
    case '1 Y':
      return { start: startOfDay(monthsBack(today, 12)), end };
    case 'YTD':
      return { start: new Date(today.getFullYear(), 0, 1), end };
    case 'Last month':
      return {
        start: new Date(today.getFullYear(), today.getMonth() - 1, 1),
        end: endOfDay(new Date(today.getFullYear(), today.getMonth(), 0)),
      };
    case 'Last year':
      return {
        start: new Date(today.getFullYear() - 1, 0, 1),
        end: endOfDay(new Date(today.getFullYear() - 1, 11, 31)),
      };
    case 'All time':
      return { start: ALL_TIME_START, end };
  }
}

/** The last instant of a day the API sees: form times carry milliseconds, so 23:59:59.999. */
const lastInstantOf = (d: Date) => new Date(endOfDay(d).getTime() + 999);

/** Every instant the API accepts: "all of time" for lists that only come between two instants. */
export const ALL_TIME: IntervalInput = {
  start: new Date(MIN_INSTANT).toISOString(),
  end: new Date(MAX_INSTANT).toISOString(),
};

/**
 * The interval as the API takes it (spec §3 Time interval): ISO instants from the start of the
 * first local day to the last millisecond of the last one (spec §5's 23:59:59, to the end of that
 * second, so an entry timed 23:59:59.500 belongs to its day).
 */
export function toApiInterval(i: DayInterval): IntervalInput {
  return { start: startOfDay(i.start).toISOString(), end: lastInstantOf(i.end).toISOString() };
}

/**
 * The same calendar days as UTC day bounds: for reports the server groups by UTC day and month
 * (multi-period), so its months are the user's calendar months whatever the time zone.
 */
export function toUtcDayInterval(i: DayInterval): IntervalInput {
  const utc = (d: Date, h: number, m: number, s: number, ms: number) =>
    new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), h, m, s, ms)).toISOString();
  return { start: utc(i.start, 0, 0, 0, 0), end: utc(i.end, 23, 59, 59, 999) };
}
