import { describe, expect, it } from 'vitest';
import { normaliseAmountText } from './amount-text.js';
import { formatDecimal, formatNumber, numberFormats, type NumberFormat } from './display-format.js';
import { abbreviate, formatDate, formatIsoDate, formatMoney, formatMoneyMinor, formatRate } from './format.js';

// Issue 36: every number and date format, exact, with the spec's as the default.

const EACH: Record<NumberFormat, string> = {
  space_dot: '1 234 567.89',
  comma_dot: '1,234,567.89',
  dot_comma: '1.234.567,89',
  space_comma: '1 234 567,89',
  apostrophe_dot: "1'234'567.89",
};

describe('number formats', () => {
  it('place each format marks on the exact decimal text', () => {
    for (const format of numberFormats) expect(formatDecimal('1234567.89', format)).toBe(EACH[format]);
    expect(formatDecimal('-1234.5', 'dot_comma')).toBe('-1.234,5');
    expect(formatDecimal('999', 'comma_dot')).toBe('999');
    expect(formatDecimal('1000', 'apostrophe_dot')).toBe("1'000");
    expect(formatDecimal('0.5', 'space_comma')).toBe('0,5');
  });

  it('format money in each number format, sign side and negatives as the spec says', () => {
    for (const format of numberFormats) expect(formatMoney(1234567.89, 'EUR', format)).toBe(`${EACH[format]} €`);
    expect(formatMoney(-1234.5, 'USD', 'dot_comma')).toBe('- $1.234,50');
    expect(formatMoney(-1234.5, 'USD', 'comma_dot')).toBe('- $1,234.50');
    expect(formatMoney(99.5, 'CHF', 'apostrophe_dot')).toBe('CHF 99.50');
    expect(formatMoney(12345.678, 'BHD', 'space_comma')).toBe('12 345,678 BHD');
    expect(formatMoney(3.456, 'XYZ', 'dot_comma')).toBe('3,46 ?');
  });

  it('write zero-decimal currencies without a decimal mark', () => {
    expect(formatMoney(1500, 'JPY', 'dot_comma')).toBe('¥1.500');
    expect(formatMoney(-1234567, 'HUF', 'comma_dot')).toBe('- 1,234,567.00 Ft'); // the catalogue gives HUF 2 decimals
    expect(formatMoney(1234567, 'KRW', 'apostrophe_dot')).toBe("₩1'234'567");
  });

  it('default to the spec format, so callers without a format are unchanged', () => {
    expect(formatMoney(1234567.5, 'USD')).toBe('$1 234 567.50');
    expect(formatMoney(-0.001, 'EUR', 'dot_comma')).toBe('0,00 €');
    expect(formatMoney(0, 'EUR', 'dot_comma')).toBe('0,00 €');
  });

  it('round from the decimal a number prints as, never its binary value', () => {
    // 1.005 is 1.00499999999999989… as a double: toFixed(2) says 1.00.
    expect(formatMoney(1.005, 'EUR')).toBe('1.01 €');
    expect(formatMoney(-1.005, 'EUR', 'dot_comma')).toBe('- 1,01 €');
    expect(formatMoney(0.1 + 0.2, 'EUR')).toBe('0.30 €');
    expect(formatMoney(123456789012.34, 'EUR', 'comma_dot')).toBe('123,456,789,012.34 €');
    expect(formatMoney(1e21, 'JPY')).toBe('¥1 000 000 000 000 000 000 000');
    expect(formatMoney(Number.NaN, 'EUR')).toBe('NaN');
    // An amount echoed back as text is shown as the number it is (the unbound toFixed did so).
    expect(formatMoney('7' as unknown as number, 'EUR')).toBe('7.00 €');
  });

  it('take minor units as they are', () => {
    expect(formatMoneyMinor(123456789012345678n, 'EUR', 'dot_comma')).toBe('1.234.567.890.123.456,78 €');
    expect(formatMoneyMinor(-5n, 'USD')).toBe('- $0.05');
    expect(formatMoneyMinor(0n, 'JPY', 'space_comma')).toBe('¥0');
  });

  it('format plain numbers with fixed decimals', () => {
    expect(formatNumber(12.345, 1, 'dot_comma')).toBe('12,3');
    expect(formatNumber(12.35, 1)).toBe('12.4');
    expect(formatNumber(-0.04, 1, 'space_comma')).toBe('0,0');
    expect(formatNumber(-1234.56, 1, 'comma_dot')).toBe('-1,234.6');
    expect(formatNumber(1234, 0, 'apostrophe_dot')).toBe("1'234");
  });
});

describe('rates in a number format', () => {
  it('keep the spec decimals by size and place the marks', () => {
    expect(formatRate(1.08567, 'dot_comma')).toEqual({ text: '1,0857', inverted: false });
    expect(formatRate(1234.5, 'comma_dot')).toEqual({ text: '1,235', inverted: false });
    expect(formatRate(1234.5, 'dot_comma')).toEqual({ text: '1.235', inverted: false });
    expect(formatRate(163.52, 'space_comma')).toEqual({ text: '163,5', inverted: false });
    expect(formatRate(1, 'dot_comma')).toEqual({ text: '1', inverted: false });
  });

  it('invert small rates exactly', () => {
    expect(formatRate(0.0025, 'dot_comma')).toEqual({ text: '400,0', inverted: true });
    // 1 / 0.00263 = 380.228…: one decimal, from an exact division.
    expect(formatRate(0.00263)).toEqual({ text: '380.2', inverted: true });
    expect(formatRate(0.002)).toEqual({ text: '500', inverted: true });
    expect(formatRate(0.0001, 'apostrophe_dot')).toEqual({ text: "10'000", inverted: true });
  });
});

describe('abbreviations in a number format', () => {
  it('use the decimal mark with k and M', () => {
    expect(abbreviate(1500, 2, 'dot_comma')).toBe('1,50k');
    expect(abbreviate(-2_500_000, 2, 'space_comma')).toBe('-2,50M');
    expect(abbreviate(999, 2, 'comma_dot')).toBe('999.00');
    expect(abbreviate(1234, 1, 'apostrophe_dot')).toBe('1.2k');
    expect(abbreviate(12.345, 0, 'dot_comma')).toBe('12');
  });

  it('shift the decimal point exactly', () => {
    expect(abbreviate(1005)).toBe('1.01k'); // 1005 / 1000 as a double is 1.00499…
    expect(abbreviate(2_345_000)).toBe('2.35M');
    expect(abbreviate(-1000.004, 2, 'dot_comma')).toBe('-1,00k');
  });
});

describe('date formats', () => {
  const d = new Date(2026, 10, 9, 7, 3);
  it('write a date in each order', () => {
    expect(formatDate(d)).toBe('2026.11.09.');
    expect(formatDate(d, 'yyyy-mm-dd')).toBe('2026-11-09');
    expect(formatDate(d, 'dd.mm.yyyy')).toBe('09.11.2026');
    expect(formatDate(d, 'dd/mm/yyyy')).toBe('09/11/2026');
    expect(formatDate(d, 'mm/dd/yyyy')).toBe('11/09/2026');
  });

  it('write API days and months without a time zone', () => {
    expect(formatIsoDate('2026-01-05')).toBe('2026.01.05.');
    expect(formatIsoDate('2026-01-05', 'dd.mm.yyyy')).toBe('05.01.2026');
    expect(formatIsoDate('2026-01-05', 'mm/dd/yyyy')).toBe('01/05/2026');
    expect(formatIsoDate('2026-01')).toBe('2026.01.');
    expect(formatIsoDate('2026-01', 'yyyy-mm-dd')).toBe('2026-01');
    expect(formatIsoDate('2026-01', 'dd/mm/yyyy')).toBe('01/2026');
    expect(formatIsoDate('2026-01', 'dd.mm.yyyy')).toBe('01.2026');
    expect(formatIsoDate('soon')).toBe('soon');
  });
});

describe('typed amounts in the chosen number format', () => {
  const text = (input: string, format?: NumberFormat) => {
    const r = normaliseAmountText(input, format);
    return r.ok ? r.text : `! ${r.message}`;
  };

  it('read the comma as the decimal mark with dot_comma and space_comma', () => {
    expect(text('12,50', 'dot_comma')).toBe('12.50');
    expect(text('1.234,50', 'dot_comma')).toBe('1234.50');
    expect(text('1.234', 'dot_comma')).toBe('1234'); // the format's thousands separator
    expect(text('1.234.567', 'dot_comma')).toBe('1234567');
    expect(text('1,234', 'dot_comma')).toBe('1.234');
    expect(text('1,234', 'space_comma')).toBe('1.234');
    expect(text('1 234,50', 'space_comma')).toBe('1234.50');
    expect(text('12,5+1.000', 'dot_comma')).toBe('12.5+1000');
    // Only ever a decimal mark: a phone's dot keypad.
    expect(text('12.5', 'dot_comma')).toBe('12.5');
    expect(text('0.234', 'dot_comma')).toBe('0.234');
  });

  it('read the comma as thousands with comma_dot', () => {
    expect(text('1,234.50', 'comma_dot')).toBe('1234.50');
    expect(text('1,234', 'comma_dot')).toBe('1234');
    expect(text('12,345', 'comma_dot')).toBe('12345');
    expect(text('1.234', 'comma_dot')).toBe('1.234');
    // "12,50" cannot group thousands: it is 12.50, as typed.
    expect(text('12,50', 'comma_dot')).toBe('12.50');
  });

  it('read apostrophes as thousands with apostrophe_dot only', () => {
    expect(text("1'234.50", 'apostrophe_dot')).toBe('1234.50');
    expect(text('1\u2019234\u2019567', 'apostrophe_dot')).toBe('1234567');
    expect(text("1'23", 'apostrophe_dot')).toBe(`! "1'23" is not a number`);
    expect(text('1,234', 'apostrophe_dot')).toBe('! "1,234" is ambiguous: write 1234 or 1.234');
    expect(text("1'234")).toBe("1'234"); // left to parseAmount, which refuses it
  });

  it('keep the default rules with space_dot or no format', () => {
    for (const format of [undefined, 'space_dot'] as const) {
      expect(text('1,234', format)).toBe('! "1,234" is ambiguous: write 1234 or 1.234');
      expect(text('1.234', format)).toBe('1.234');
      expect(text('1.234,50', format)).toBe('1234.50');
      expect(text('1 234,50', format)).toBe('1234.50');
      expect(text('12,50', format)).toBe('12.50');
    }
  });

  it('refuse malformed groups in every format', () => {
    expect(text('1.23,50', 'dot_comma')).toBe('! "1.23,50" is not a number');
    expect(text('1,2345', 'comma_dot')).toBe('1.2345');
    expect(text('12,34,567', 'comma_dot')).toBe('! "12,34,567" is not a number');
  });
});
