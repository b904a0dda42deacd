import { dayFromIso } from '../../packages/money/src/days.js';

/** The UTC day number of a real "YYYY-MM-DD" date, or undefined (2025-02-30 and "undefined" are not dates). */
export const dayNumber = dayFromIso;

/** Whether `text` is a real "YYYY-MM-DD" date. */
export function isIsoDate(text: string): boolean {
  return dayNumber(text) !== undefined;
}

/** Calendar days from `from` to `to` (both "YYYY-MM-DD"); throws on a malformed date. */
export function daysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === undefined || b === undefined) throw new RangeError(`not a date: ${a === undefined ? from : to}`);
  return b - a;
}
