import { describe, expect, it } from 'vitest';
import { instantOrNow, parseLocal } from '../lib/local-time';
import { quickRange, toApiInterval, toUtcDayInterval } from './interval';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe('interval picker ranges (spec §2, §5)', () => {
  const today = new Date(2026, 10, 21, 15, 30); // 2026-11-21 15:30 local

  it('MTD and YTD start on the first of the month and of the year', () => {
    expect(quickRange('MTD', today)).toEqual({ start: day(2026, 11, 1), end: new Date(2026, 10, 21, 23, 59, 59) });
    expect(quickRange('YTD', today).start).toEqual(day(2026, 1, 1));
  });

  it('1 M, 3 M and 1 Y go back whole months from today', () => {
    expect(quickRange('1 M', today).start).toEqual(day(2026, 10, 21));
    expect(quickRange('3 M', today).start).toEqual(day(2026, 8, 21));
    expect(quickRange('1 Y', today).start).toEqual(day(2025, 11, 21));
  });

  it('clamps to the end of a shorter month', () => {
    expect(quickRange('1 M', new Date(2026, 2, 31)).start).toEqual(day(2026, 2, 28));
    expect(quickRange('1 Y', new Date(2028, 1, 29)).start).toEqual(day(2027, 2, 28));
  });

  it('sends the start of the first day and the last millisecond of the last', () => {
    const api = toApiInterval({ start: new Date(2026, 0, 5, 13, 0), end: new Date(2026, 0, 7, 8, 0) });
    expect(new Date(api.start)).toEqual(new Date(2026, 0, 5, 0, 0, 0));
    expect(new Date(api.end)).toEqual(new Date(2026, 0, 7, 23, 59, 59, 999));
  });

  it('an entry in the last second of a day falls inside that day', () => {
    const entry = new Date(2026, 0, 7, 23, 59, 59, 500).getTime();
    const api = toApiInterval({ start: new Date(2026, 0, 7), end: new Date(2026, 0, 7) });
    expect(Date.parse(api.start) <= entry && entry <= Date.parse(api.end)).toBe(true);
  });

  it('Last month and Last year are whole calendar periods', () => {
    expect(quickRange('Last month', today)).toEqual({
      start: day(2026, 10, 1),
      end: new Date(2026, 9, 31, 23, 59, 59),
    });
    expect(quickRange('Last month', new Date(2026, 0, 15)).start).toEqual(day(2025, 12, 1));
    expect(quickRange('Last year', today)).toEqual({ start: day(2025, 1, 1), end: new Date(2025, 11, 31, 23, 59, 59) });
  });

  it('All time reaches from the first day of 2000 to the end of today', () => {
    expect(quickRange('All time', today)).toEqual({ start: day(2000, 1, 1), end: new Date(2026, 10, 21, 23, 59, 59) });
  });

  it('multi-period gets the calendar days as UTC day bounds, whatever the time zone', () => {
    expect(toUtcDayInterval({ start: new Date(2026, 0, 1, 9), end: new Date(2026, 2, 31, 8) })).toEqual({
      start: '2026-01-01T00:00:00.000Z',
      end: '2026-03-31T23:59:59.999Z',
    });
  });
});

describe('local date fields', () => {
  it('parses real dates and times only', () => {
    expect(parseLocal('2026-02-28')).toEqual(day(2026, 2, 28));
    expect(parseLocal('2026-02-28T07:05')).toEqual(new Date(2026, 1, 28, 7, 5));
    expect(parseLocal('2026-02-30')).toBeUndefined();
    expect(parseLocal('')).toBeUndefined();
    expect(parseLocal('28.02.2026')).toBeUndefined();
  });

  it('falls back to now for an invalid time (spec §5)', () => {
    const now = new Date(2026, 5, 1, 12, 0);
    expect(instantOrNow('', now)).toBe(now);
    expect(instantOrNow('2026-13-01T10:00', now)).toBe(now);
    expect(instantOrNow('2026-06-01T09:15', now)).toEqual(new Date(2026, 5, 1, 9, 15));
  });
});
