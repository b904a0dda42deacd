import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTimeZone } from '../../test/schedules.js';
import {
  addDays,
  firstOnOrAfter,
  isOccurrence,
  occurrencesBetween,
  parseRecurrence,
  pendingPostings,
  postingDate,
  postingsBetween,
  type Recurrence,
} from './recurrence.js';

function rule(text: string, start: string, end: string | null = null): Recurrence {
  const parsed = parseRecurrence(text, start, end);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.recurrence;
}

// Every case runs in a zone with DST changes (and again in one far from UTC), so a date that
// depended on the process's zone would move around the last Sundays of March and October.
for (const zone of ['Europe/Berlin', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
  describe(`recurrence in TZ=${zone}`, () => {
    let restore: () => void = () => undefined;
    beforeAll(() => {
      restore = useTimeZone(zone);
    });
    afterAll(() => restore());

    it('runs in the zone it claims', () => {
      // 2026-03-29 is Berlin's spring change: local midnight and UTC midnight differ by an hour or two.
      expect(new Date(Date.UTC(2026, 2, 29)).getTimezoneOffset()).not.toBe(0);
    });

    it('monthly on the 31st as BYMONTHDAY=-1 is the last day of every month, leap February included', () => {
      const r = rule('FREQ=MONTHLY;BYMONTHDAY=-1', '2024-01-31');
      expect(occurrencesBetween(r, '2024-01-01', '2024-06-30')).toEqual([
        '2024-01-31',
        '2024-02-29',
        '2024-03-31',
        '2024-04-30',
        '2024-05-31',
        '2024-06-30',
      ]);
      expect(occurrencesBetween(r, '2025-02-01', '2025-03-31')).toEqual(['2025-02-28', '2025-03-31']);
    });

    it('"on the 30th or the last day" as BYMONTHDAY=28,29,30;BYSETPOS=-1', () => {
      const r = rule('FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1', '2025-01-01');
      expect(occurrencesBetween(r, '2025-01-01', '2025-04-30')).toEqual([
        '2025-01-30',
        '2025-02-28',
        '2025-03-30',
        '2025-04-30',
      ]);
      expect(occurrencesBetween(r, '2028-02-01', '2028-02-29')).toEqual(['2028-02-29']);
    });

    it('a leap day yearly falls only in leap years; BYMONTHDAY=-1 in February every year', () => {
      expect(occurrencesBetween(rule('FREQ=YEARLY', '2024-02-29'), '2024-01-01', '2033-12-31')).toEqual([
        '2024-02-29',
        '2028-02-29',
        '2032-02-29',
      ]);
      const lastOfFebruary = rule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', '2023-01-01');
      expect(occurrencesBetween(lastOfFebruary, '2023-01-01', '2025-12-31')).toEqual([
        '2023-02-28',
        '2024-02-29',
        '2025-02-28',
      ]);
    });

    it('last working day of the month', () => {
      const r = rule('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-01-01');
      // Jan 31 2026 is a Saturday, May 31 a Sunday, Oct 31 a Saturday.
      expect(occurrencesBetween(r, '2026-01-01', '2026-12-31')).toEqual([
        '2026-01-30',
        '2026-02-27',
        '2026-03-31',
        '2026-04-30',
        '2026-05-29',
        '2026-06-30',
        '2026-07-31',
        '2026-08-31',
        '2026-09-30',
        '2026-10-30',
        '2026-11-30',
        '2026-12-31',
      ]);
    });

    it('every two weeks keeps its weekday across both DST changes', () => {
      const r = rule('FREQ=WEEKLY;INTERVAL=2', '2026-03-13'); // a Friday
      const dates = occurrencesBetween(r, '2026-03-01', '2026-11-15');
      expect(dates.slice(0, 3)).toEqual(['2026-03-13', '2026-03-27', '2026-04-10']);
      expect(dates).toContain('2026-10-23');
      expect(dates).toContain('2026-11-06');
      for (const d of dates) expect(new Date(`${d}T00:00:00Z`).getUTCDay()).toBe(5);
      for (let i = 1; i < dates.length; i++) expect(addDays(dates[i - 1] ?? '', 14)).toBe(dates[i]);
    });

    it('daily across the March and October changes gives every date once', () => {
      const r = rule('FREQ=DAILY', '2026-03-27');
      expect(occurrencesBetween(r, '2026-03-27', '2026-03-31')).toEqual([
        '2026-03-27',
        '2026-03-28',
        '2026-03-29',
        '2026-03-30',
        '2026-03-31',
      ]);
      expect(occurrencesBetween(r, '2026-10-24', '2026-10-27')).toEqual([
        '2026-10-24',
        '2026-10-25',
        '2026-10-26',
        '2026-10-27',
      ]);
    });

    it('COUNT, UNTIL and the schedule’s end each end the dates', () => {
      const counted = rule('FREQ=MONTHLY;COUNT=3', '2026-01-15');
      expect(occurrencesBetween(counted, '2020-01-01', '2030-01-01')).toEqual([
        '2026-01-15',
        '2026-02-15',
        '2026-03-15',
      ]);
      expect(firstOnOrAfter(counted, '2026-03-16')).toBeUndefined();
      const until = rule('RRULE:FREQ=WEEKLY;UNTIL=20260128', '2026-01-07');
      expect(occurrencesBetween(until, '2026-01-01', '2026-12-31')).toEqual([
        '2026-01-07',
        '2026-01-14',
        '2026-01-21',
        '2026-01-28',
      ]);
      const ended = rule('FREQ=DAILY', '2026-01-01', '2026-01-03');
      expect(occurrencesBetween(ended, '2025-12-01', '2026-02-01')).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
      expect(isOccurrence(ended, '2026-01-03')).toBe(true);
      expect(isOccurrence(ended, '2026-01-04')).toBe(false);
      expect(isOccurrence(ended, '2025-12-31')).toBe(false);
    });

    it('moves weekend dates to the Friday before or the Monday after', () => {
      // 2026-01-31 Saturday, 2026-05-31 Sunday, 2026-06-30 Tuesday.
      expect(postingDate('2026-01-31', 'before')).toBe('2026-01-30');
      expect(postingDate('2026-01-31', 'after')).toBe('2026-02-02');
      expect(postingDate('2026-05-31', 'before')).toBe('2026-05-29');
      expect(postingDate('2026-05-31', 'after')).toBe('2026-06-01');
      expect(postingDate('2026-05-31', 'as-is')).toBe('2026-05-31');
      expect(postingDate('2026-06-30', 'before')).toBe('2026-06-30');
      // A posting date may leave the window the rule's date is in: read two days wider.
      const r = rule('FREQ=MONTHLY;BYMONTHDAY=-1', '2026-01-31');
      expect(postingsBetween(r, 'after', '2026-02-01', '2026-02-28')).toEqual([
        { occurrence: '2026-01-31', date: '2026-02-02' },
      ]);
      expect(postingsBetween(r, 'before', '2026-05-01', '2026-05-31')).toEqual([
        { occurrence: '2026-05-31', date: '2026-05-29' },
      ]);
      expect(postingsBetween(r, 'after', '2026-05-01', '2026-05-31')).toEqual([]);
    });

    it('finds the pending dates after more handled ones than one read holds', () => {
      const r = rule('FREQ=DAILY', '2000-01-01');
      const done = new Set(occurrencesBetween(r, '2000-01-01', '2020-12-31', 100_000));
      expect(done.size).toBe(7671);
      done.delete('2005-06-15');
      expect(pendingPostings(r, 'as-is', done, '2021-01-03')).toEqual([
        { occurrence: '2005-06-15', date: '2005-06-15' },
        { occurrence: '2021-01-01', date: '2021-01-01' },
        { occurrence: '2021-01-02', date: '2021-01-02' },
        { occurrence: '2021-01-03', date: '2021-01-03' },
      ]);
      // Saturday 2 and Sunday 3 January 2021 both post on Monday the 4th, after the 3rd's day.
      expect(pendingPostings(r, 'after', done, '2021-01-03').map((p) => p.occurrence)).toEqual([
        '2005-06-15',
        '2021-01-01',
      ]);
    });

    it('refuses rules it cannot read, finer than a day, or yielding no date', () => {
      const refused = (text: string, end: string | null = null) => {
        const parsed = parseRecurrence(text, '2026-01-31', end);
        return parsed.ok ? 'accepted' : parsed.message;
      };
      expect(refused('garbage')).toMatch(/not a valid recurrence rule/);
      expect(refused('BYMONTHDAY=1')).toMatch(/FREQ/);
      expect(refused('FREQ=HOURLY')).toMatch(/FREQ/);
      expect(refused('FREQ=DAILY;BYHOUR=5')).toMatch(/BYHOUR/);
      expect(refused('FREQ=DAILY;COUNT=abc')).toMatch(/COUNT/);
      expect(refused('FREQ=WEEKLY;INTERVAL=0')).toMatch(/INTERVAL/);
      expect(refused('DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY')).toMatch(/DTSTART/);
      expect(refused('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toMatch(/no date/);
      expect(refused('FREQ=MONTHLY;BYMONTHDAY=1', '2026-01-31')).toMatch(/no date between start and end/);
      expect(refused('FREQ=MONTHLY;BYMONTHDAY=1', '2026-02-01')).toBe('accepted');
    });
  });
}
