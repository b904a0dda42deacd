import type { Upcoming, UpcomingItem } from '@kassa/contract';
import { currencyInfo, minorToMajor } from '@kassa/money';
import type { Posting } from './recurrence.js';
import type { SchedulePosting, ScheduleRow } from './repository.js';
import { payloadOf } from './schedule-view.js';

/** A pending occurrence of a schedule. */
export interface PendingOccurrence extends Posting {
  schedule: ScheduleRow;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The order pending occurrences are listed and posted in: by posting date, then schedule id, then occurrence. */
export const byPostingOrder = (a: PendingOccurrence, b: PendingOccurrence): number =>
  compare(a.date, b.date) || a.schedule.id - b.schedule.id || compare(a.occurrence, b.occurrence);

/**
 * schedule/upcoming's answer from the pending `items` (in posting order) and today's available
 * `balances` per currency: after each item, the projected balance of the currencies it moves
 * (every earlier item counted). An "ask each time" item moves none.
 */
export function upcomingAnswer(
  today: string,
  items: readonly PendingOccurrence[],
  balances: ReadonlyMap<string, bigint>,
): Upcoming {
  const available = [...balances.entries()]
    .sort(([a], [b]) => compare(a, b))
    .map(([currency, minor]) => ({ currency, amount: minorToMajor(minor, currencyInfo(currency).decimals) }));
  const projected = new Map(balances);
  const answer: UpcomingItem[] = items.map((item) => {
    const moved: string[] = [];
    for (const [currency, delta] of cashFlows(item.schedule.posting)) {
      projected.set(currency, (projected.get(currency) ?? 0n) + delta);
      if (!moved.includes(currency)) moved.push(currency);
    }
    return {
      scheduleId: item.schedule.id,
      occurrence: item.occurrence,
      date: item.date,
      mode: item.schedule.mode,
      due: item.date <= today,
      payload: payloadOf(item.schedule.posting),
      balances: moved.map((currency) => ({
        currency,
        amount: minorToMajor(projected.get(currency) ?? 0n, currencyInfo(currency).decimals),
      })),
    };
  });
  return { today, available, items: answer };
}

/** The signed cash flow of a posting per currency (DESIGN §4: realize moves no cash); none when it asks each time. */
function cashFlows(p: SchedulePosting): [string, bigint][] {
  if (p.kind === 'transaction') {
    if (p.amount === null || p.businessType === 'realize') return [];
    return [[p.currency, p.isIncome ? BigInt(p.amount) : -BigInt(p.amount)]];
  }
  if (p.fromAmount === null || p.toAmount === null) return [];
  return [
    [p.fromCurrency, -BigInt(p.fromAmount)],
    [p.toCurrency, BigInt(p.toAmount)],
  ];
}
