// When stored rates are stale (issue 32). The ECB publishes its reference rates on business days,
// around 16:00 CET. Business days are approximated by weekdays (Monday to Friday, UTC days): the
// TARGET holidays (1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December) are not
// listed, and the grace below covers them. Pure; day numbers are UTC days since 1970-01-01.

/** How many business days (weekdays) the newest rates may lag behind the expected one. */
export const STALE_AFTER_BUSINESS_DAYS = 2;

/** Whether a day number is a Saturday or Sunday (day 0, 1970-01-01, was a Thursday). */
export function isWeekend(day: number): boolean {
  const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
  return weekday === 0 || weekday === 6;
}

/**
 * The newest day whose rates a refresh can be expected to have stored by `today`: the last
 * weekday before today (today's rates come out in the afternoon, so they are not yet expected).
 */
export function lastExpectedDay(today: number): number {
  let day = today - 1;
  while (isWeekend(day)) day -= 1;
  return day;
}

/** The day `count` weekdays after `day`. */
function weekdaysAfter(day: number, count: number): number {
  let d = day;
  for (let left = count; left > 0;) {
    d += 1;
    if (!isWeekend(d)) left -= 1;
  }
  return d;
}

/**
 * Whether the newest stored rates are stale on `today`: older than the last expected business day
 * by more than STALE_AFTER_BUSINESS_DAYS business days. So Friday's rates are fresh through the
 * next Wednesday (Monday and Tuesday may be missing, as over Easter), and stale from Thursday on.
 */
export function ratesAreStale(newestDay: number, today: number): boolean {
  return weekdaysAfter(newestDay, STALE_AFTER_BUSINESS_DAYS) < lastExpectedDay(today);
}
