import { describe, expect, it } from 'vitest';
import { detectDateFormat, isoDate, looksLikeDate, parseDate } from './dates.js';

describe('parseDate', () => {
  it.each([
    ['2026-01-31', 'YYYY-MM-DD', '2026-01-31'],
    ['2026-01-31 14:22:05', 'YYYY-MM-DD', '2026-01-31'],
    ['2026-01-31T14:22:05Z', 'YYYY-MM-DD', '2026-01-31'],
    ['31.01.2026', 'DD.MM.YYYY', '2026-01-31'],
    ['1.2.2026', 'DD.MM.YYYY', '2026-02-01'],
    ['31.01.26', 'DD.MM.YY', '2026-01-31'],
    ['31.12.70', 'DD.MM.YY', '1970-12-31'],
    ['01.01.69', 'DD.MM.YY', '2069-01-01'],
    ['13/01/2026', 'DD/MM/YYYY', '2026-01-13'],
    ['01/13/2026', 'MM/DD/YYYY', '2026-01-13'],
    ['1/5/2026', 'MM/DD/YYYY', '2026-01-05'],
    ['13-01-2026', 'DD-MM-YYYY', '2026-01-13'],
    ['01-13-2026', 'MM-DD-YYYY', '2026-01-13'],
    ['2026/01/13', 'YYYY/MM/DD', '2026-01-13'],
    ['20260113', 'YYYYMMDD', '2026-01-13'],
    ['13/01/26', 'DD/MM/YY', '2026-01-13'],
    ['01/13/99', 'MM/DD/YY', '1999-01-13'],
    ['29.02.2024', 'DD.MM.YYYY', '2024-02-29'],
    ['  05.01.2026 ', 'DD.MM.YYYY', '2026-01-05'],
  ] as const)('%s in %s is %s', (text, format, expected) => {
    expect(parseDate(text, format)).toBe(expected);
  });

  it.each([
    ['31.02.2026', 'DD.MM.YYYY'],
    ['29.02.2026', 'DD.MM.YYYY'],
    ['29.02.1900', 'DD.MM.YYYY'],
    ['13/13/2026', 'MM/DD/YYYY'],
    ['31.01.26', 'DD.MM.YYYY'],
    ['31.01.2026', 'DD.MM.YY'],
    ['31.01.2026', 'DD/MM/YYYY'],
    ['2026-01-31', 'DD-MM-YYYY'],
    ['31.01.2026.1', 'DD.MM.YYYY'],
    ['001.01.2026', 'DD.MM.YYYY'],
    ['0.01.2026', 'DD.MM.YYYY'],
    ['2026013', 'YYYYMMDD'],
    ['', 'YYYY-MM-DD'],
    ['Kontostand', 'DD.MM.YYYY'],
    ['a1.01.2026', 'DD.MM.YYYY'],
  ] as const)('%j is no date in %s', (text, format) => {
    expect(parseDate(text, format)).toBeNull();
  });

  it('builds calendar days only', () => {
    expect(isoDate(2026, 2, 28)).toBe('2026-02-28');
    expect(isoDate(2000, 2, 29)).toBe('2000-02-29');
    expect(isoDate(2026, 4, 31)).toBeNull();
    expect(isoDate(2026, 0, 1)).toBeNull();
    expect(isoDate(2026, 1, 0)).toBeNull();
    expect(isoDate(2024, 2, 29)).toBe('2024-02-29');
    expect(isoDate(2025, 2, 29)).toBeNull();
    expect(isoDate(2025, 13, 1)).toBeNull();
    expect(isoDate(1900, 2, 29)).toBeNull();
  });

  it('builds days of the years 100 to 9999, CSV dates from 1000', () => {
    expect(isoDate(999, 12, 31)).toBe('0999-12-31');
    expect(isoDate(100, 1, 1)).toBe('0100-01-01');
    expect(isoDate(99, 1, 1)).toBeNull();
    expect(isoDate(9999, 12, 31)).toBe('9999-12-31');
    expect(isoDate(10000, 1, 1)).toBeNull();
    expect(parseDate('0999-12-31', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('1000-01-01', 'YYYY-MM-DD')).toBe('1000-01-01');
    expect(looksLikeDate('31.01.2026')).toBe(true);
    expect(looksLikeDate('1,234.56')).toBe(false);
  });
});

describe("year-first dates cut with dots (2025.12.04, Kassa's own display)", () => {
  it('reads them in the year-first layouts, whose four-digit year leaves no doubt', () => {
    expect(parseDate('2025.12.04', 'YYYY-MM-DD')).toBe('2025-12-04');
    expect(parseDate('2025.1.4 10:00', 'YYYY/MM/DD')).toBe('2025-01-04');
    expect(parseDate('2025.12.04.', 'YYYY-MM-DD')).toBe('2025-12-04');
    expect(parseDate('04.12.2025. 10:00', 'DD.MM.YYYY')).toBe('2025-12-04');
    expect(parseDate('2025.12.04.1', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('2025-12-04-', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('2025.12-04', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('2025.12.04', 'DD.MM.YYYY')).toBeNull();
    expect(looksLikeDate('2025.12.04')).toBe(true);
    expect(detectDateFormat(['2025.12.04', '2025.11.30'], true)).toBe('YYYY-MM-DD');
  });
});

describe('detectDateFormat', () => {
  it('lets a day above 12 settle the order', () => {
    expect(detectDateFormat(['01/02/2026', '01/14/2026'], true)).toBe('MM/DD/YYYY');
    expect(detectDateFormat(['02/01/2026', '13/01/2026'], false)).toBe('DD/MM/YYYY');
  });

  it('prefers day-first in the decimal-comma world and month-first with "/" otherwise', () => {
    const ambiguous = ['03/01/2026', '05/01/2026', '12/01/2026'];
    expect(detectDateFormat(ambiguous, true)).toBe('DD/MM/YYYY');
    expect(detectDateFormat(ambiguous, false)).toBe('MM/DD/YYYY');
    expect(detectDateFormat(['03-01-2026'], false)).toBe('DD-MM-YYYY');
    expect(detectDateFormat(['03.01.2026'], false)).toBe('DD.MM.YYYY');
  });

  it('takes ISO and two-digit years when they fit, ignoring a few bad values', () => {
    expect(detectDateFormat(['2026-01-02', '2026-01-03 10:00'], true)).toBe('YYYY-MM-DD');
    expect(detectDateFormat(['20260102'], false)).toBe('YYYYMMDD');
    expect(detectDateFormat(['02.01.26', '31.01.26'], true)).toBe('DD.MM.YY');
    expect(detectDateFormat(['02.01.2026', '31.02.2026', '', '03.01.2026'], true)).toBe('DD.MM.YYYY');
  });

  it('finds none in values that are mostly no dates', () => {
    expect(detectDateFormat(['foo', 'bar', '02.01.2026'], true)).toBeNull();
    expect(detectDateFormat(['', ' '], true)).toBeNull();
  });
});
