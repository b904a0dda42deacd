import type { IntervalInput } from '@kassa/contract';
import { MAX_INSTANT, MIN_INSTANT } from '@kassa/contract/constants';
import { endOfDay, startOfDay } from '../lib/local-time';

/** A closed interval of local days; the API gets start of the first day to 23:59:59 of the last. */
export interface DayInterval {
  start: Date;
  end: Date;
}

export const QUICK_RANGES = ['MTD', '1 M', '3 M', '1 Y', 'YTD'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

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
  }
}

/** Every instant the API accepts: "all of time" for lists that only come between two instants. */
export const ALL_TIME: IntervalInput = {
  start: new Date(MIN_INSTANT).toISOString(),
  end: new Date(MAX_INSTANT).toISOString(),
};

/** The interval as the API takes it (spec §3 Time interval): ISO instants, start of day to 23:59:59. */
export function toApiInterval(i: DayInterval): IntervalInput {
  return { start: startOfDay(i.start).toISOString(), end: endOfDay(i.end).toISOString() };
}
