import { dayFromIso, isoFromDay } from '@kassa/money';
import { addAmounts, negateAmount } from './amounts.js';

// A statement's opening balance is anchored before its first row (import/commit.ts): at the end of
// the day before ParsedAccount.openingDate. The files date it in two ways, and a bank may use
// either: this finds the day it is the balance at the start of.

/**
 * When in its day a file's balance holds: at its start (CAMT OPBD, "at the beginning of the
 * period"; OFX DTSTART) or at its end (CAMT PRCD, the previous closing; MT940 :60F:, which banks
 * date with the day the statement opens or with the previous statement's closing day).
 */
export type BalanceTime = 'start' | 'end';

/** The day after a YYYY-MM-DD day. */
function nextDay(day: string): string {
  const number = dayFromIso(day);
  return number === undefined ? day : isoFromDay(number + 1);
}

/** The earliest of some YYYY-MM-DD days ('' and undefined left out); undefined when there is none. */
export function earliestDay(days: Iterable<string | undefined>): string | undefined {
  let earliest: string | undefined;
  for (const day of days)
    if (day !== undefined && day !== '' && (earliest === undefined || day < earliest)) earliest = day;
  return earliest;
}

/**
 * The day an opening balance the file dates `stated` is the balance at the start of. A balance at
 * the end of a day is the one at the start of the next; and the statement's first row cannot come
 * before it, nor its closing day: so the earliest of the three. Either way of dating a :60F: then
 * anchors it before the first entry and after every earlier one, and never at the closing's instant.
 */
export function openingDay(
  stated: string,
  time: BalanceTime,
  firstRowDay: string | undefined,
  closingDay: string | undefined,
): string {
  const start = time === 'end' ? nextDay(stated) : stated;
  return earliestDay([start, firstRowDay, closingDay]) ?? start;
}

/**
 * The balance before some rows, from the balance after them (OFX: LEDGERBAL less the statement's
 * rows); undefined when an amount is missing (a row that could not be read leaves it unknown).
 */
export function balanceBefore(after: string, amounts: readonly string[]): string | undefined {
  let before = after;
  for (const amount of amounts) {
    if (amount === '') return undefined;
    before = addAmounts(before, negateAmount(amount));
  }
  return before;
}
