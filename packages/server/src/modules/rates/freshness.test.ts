import { dayFromIso } from '@kassa/money';
import { describe, expect, it } from 'vitest';
import { isWeekend, lastExpectedDay, ratesAreStale } from './freshness.js';

const day = (iso: string) => dayFromIso(iso) ?? Number.NaN;

describe('stale rates (issue 32): weekdays stand for ECB business days, two of grace', () => {
  it('knows weekends', () => {
    expect(isWeekend(day('2026-11-28'))).toBe(true); // Saturday
    expect(isWeekend(day('2026-11-29'))).toBe(true);
    expect(isWeekend(day('2026-11-30'))).toBe(false); // Monday
    expect(isWeekend(day('1969-12-27'))).toBe(true); // before day 0
  });

  it("expects the last weekday before today (today's rates come out in the afternoon)", () => {
    expect(lastExpectedDay(day('2026-11-25'))).toBe(day('2026-11-24')); // Wednesday: Tuesday
    expect(lastExpectedDay(day('2026-11-30'))).toBe(day('2026-11-27')); // Monday: Friday
    expect(lastExpectedDay(day('2026-11-29'))).toBe(day('2026-11-27')); // Sunday: Friday
  });

  it("a Friday's rates are fresh through the next Wednesday and stale from Thursday", () => {
    const friday = day('2026-11-20');
    for (const today of ['2026-11-21', '2026-11-23', '2026-11-24', '2026-11-25'])
      expect(ratesAreStale(friday, day(today)), today).toBe(false);
    for (const today of ['2026-11-26', '2026-11-28', '2027-01-25'])
      expect(ratesAreStale(friday, day(today)), today).toBe(true);
  });

  it('Easter and Christmas (no rates on TARGET holidays) are not flagged', () => {
    // Easter 2027: Good Friday 03-26 and Easter Monday 03-29 have no rates; Tuesday's come at 16:00.
    expect(ratesAreStale(day('2027-03-25'), day('2027-03-30'))).toBe(false);
    // Christmas 2026: 25 and 26 December are Friday and Saturday; Thursday 24th's are the newest on Monday.
    expect(ratesAreStale(day('2026-12-24'), day('2026-12-28'))).toBe(false);
  });

  it('rates of 2026-09-30 are stale on 2026-11-28 (the newcomer of issue 32)', () => {
    expect(ratesAreStale(day('2026-09-30'), day('2026-11-28'))).toBe(true);
  });
});
