import { describe, expect, it } from 'vitest';
import { dayFromIso, isoFromDay, utcDayOf } from './days.js';

describe('days', () => {
  it('round-trips ISO dates', () => {
    expect(dayFromIso('1970-01-01')).toBe(0);
    expect(dayFromIso('1999-01-04')).toBe(10595);
    expect(isoFromDay(10595)).toBe('1999-01-04');
    expect(isoFromDay(dayFromIso('2024-02-29') ?? -1)).toBe('2024-02-29');
  });

  it('refuses impossible or malformed dates', () => {
    for (const bad of ['2025-02-30', '2023-02-29', '2025-13-01', '2025-1-01', '20250101', '', '2025-01-01T00:00:00Z']) {
      expect(dayFromIso(bad)).toBeUndefined();
    }
  });

  it('takes the UTC calendar date of an instant', () => {
    expect(isoFromDay(utcDayOf(Date.parse('2026-11-21T23:59:59.999Z')))).toBe('2026-11-21');
    expect(isoFromDay(utcDayOf(Date.parse('2026-11-22T00:30:00+01:00')))).toBe('2026-11-21');
    expect(isoFromDay(utcDayOf(Date.parse('1969-12-31T12:00:00Z')))).toBe('1969-12-31');
  });
});
