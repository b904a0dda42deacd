import type { Schedule, SchedulePayload } from '@kassa/contract';
import { currencyInfo, minorToMajor } from '@kassa/money';
import {
  addDays,
  firstOnOrAfter,
  MAX_OCCURRENCES,
  pendingPostings,
  postingsBetween,
  type Recurrence,
} from './recurrence.js';
import type { SchedulePosting, ScheduleRow } from './repository.js';

/** A stored amount in major units of its currency; null (ask each time) stays null. */
export const major = (minor: number | null, currency: string): number | null =>
  minor === null ? null : minorToMajor(BigInt(minor), currencyInfo(currency).decimals);

/** The API's payload of a stored schedule (amounts in major units). */
export function payloadOf(p: SchedulePosting): SchedulePayload {
  return p.kind === 'transaction'
    ? {
        kind: 'transaction',
        amount: major(p.amount, p.currency),
        currency: p.currency,
        categoryId: p.categoryId,
        description: p.description,
        isIncome: p.isIncome,
        type: p.businessType,
      }
    : {
        kind: 'conversion',
        fromAmount: major(p.fromAmount, p.fromCurrency),
        fromCurrency: p.fromCurrency,
        toAmount: major(p.toAmount, p.toCurrency),
        toCurrency: p.toCurrency,
        description: p.description,
      };
}

/**
 * A schedule as the API sends it: its next posting date and due count, given its rule, the
 * occurrences already handled (`done`) and today.
 */
export function scheduleView(row: ScheduleRow, r: Recurrence, done: ReadonlySet<string>, today: string): Schedule {
  const due = pendingPostings(r, row.weekend, done, today);
  return {
    id: row.id,
    rule: row.rule,
    start: row.start,
    end: row.end,
    mode: row.mode,
    weekend: row.weekend,
    payload: payloadOf(row.posting),
    next: due[0]?.date ?? nextPending(r, row.weekend, done, addDays(today, 1)),
    due: due.length,
  };
}

/**
 * The first pending posting date on or after `from`, looking a year at a time from the rule's next
 * date (at most ten windows): a schedule whose next ten years of dates were all confirmed or
 * skipped ahead shows none.
 */
function nextPending(
  r: Recurrence,
  weekend: Schedule['weekend'],
  done: ReadonlySet<string>,
  from: string,
): string | null {
  let lo = from;
  for (let window = 0; window < 10; window++) {
    // A posting date may come up to two days before its rule date.
    const first = firstOnOrAfter(r, addDays(lo, -2));
    if (first === undefined) return null;
    if (addDays(first, -2) > lo) lo = addDays(first, -2);
    const hi = addDays(lo, 365);
    const found = postingsBetween(r, weekend, lo, hi, MAX_OCCURRENCES).find((p) => !done.has(p.occurrence));
    if (found !== undefined) return found.date;
    lo = addDays(hi, 1);
  }
  return null;
}
