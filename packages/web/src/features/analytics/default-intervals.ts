import { quickRange, type DayInterval } from '../../components/interval';
import { endOfDay } from '../../lib/local-time';

/** Single period and cash flow start with this month to date (the interval picker's MTD). */
export function defaultPeriod(today = new Date()): DayInterval {
  return quickRange('MTD', today);
}

/**
 * Balance history and multi-period start with the last 12 calendar months, this one included:
 * from the first day of the month 11 months back. Whole months, so that the first monthly bucket of
 * the multi-period chart is not a stub of a few days, as a year back from today would give.
 */
export function defaultTrend(today = new Date()): DayInterval {
  return { start: new Date(today.getFullYear(), today.getMonth() - 11, 1), end: endOfDay(today) };
}
