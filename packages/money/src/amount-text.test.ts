import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.js';
import { normaliseAmountText } from './amount-text.js';

const text = (input: string) => {
  const r = normaliseAmountText(input);
  return r.ok ? r.text : `! ${r.message}`;
};

describe('normaliseAmountText', () => {
  it('keeps the product notation as it is', () => {
    expect(text('12.50')).toBe('12.50');
    expect(text('12.5+3.2')).toBe('12.5+3.2');
    expect(text(' 10 - 2.25 ')).toBe('10-2.25');
    expect(text('-1+3')).toBe('-1+3');
    expect(text('1500')).toBe('1500');
    expect(text('0.005')).toBe('0.005');
    expect(text('1.234')).toBe('1.234'); // a single dot is always the decimal mark
  });

  it('reads a single comma as the decimal mark', () => {
    expect(text('12,50')).toBe('12.50');
    expect(text('12,5+3,25')).toBe('12.5+3.25');
    expect(text('0,125')).toBe('0.125');
    expect(text('1234,567')).toBe('1234.567');
    expect(text(',5')).toBe('0.5');
  });

  it('tells thousands from decimals when both marks appear', () => {
    expect(text('1,234.50')).toBe('1234.50');
    expect(text('1.234,50')).toBe('1234.50');
    expect(text('1,234,567.5')).toBe('1234567.5');
    expect(text('1.234.567,5')).toBe('1234567.5');
  });

  it('reads a repeated mark and spaces as thousands groups', () => {
    expect(text('1,234,567')).toBe('1234567');
    expect(text('1.234.567')).toBe('1234567');
    expect(text('1 234,50')).toBe('1234.50');
    expect(text('1 234.50')).toBe('1234.50');
    expect(text('1\u00a0234\u202f567,5')).toBe('1234567.5');
    expect(text('1 234,567')).toBe('1234.567');
  });

  it('refuses a comma before exactly three digits as ambiguous', () => {
    expect(text('1,234')).toBe('! "1,234" is ambiguous: write 1234 or 1.234');
    expect(text('5+12,500')).toBe('! "12,500" is ambiguous: write 12500 or 12.500');
  });

  it('refuses malformed groups and marks', () => {
    expect(text('1,23.50')).toBe('! "1,23.50" is not a number');
    expect(text('1.234,5,0')).toBe('! "1.234,5,0" is not a number');
    expect(text('12,50.00.1')).toBe('! "12,50.00.1" is not a number');
    expect(text('1,2345,678')).toBe('! "1,2345,678" is not a number');
    expect(text('1 2')).toBe('! "1 2" is not a number');
    expect(text('1 234.567.890')).toBe('! "1 234.567.890" is not a number');
    expect(text('12,')).toBe('! "12," is not a number');
  });

  it('leaves other text to parseAmount', () => {
    expect(text('2*3')).toBe('2*3');
    expect(text('abc')).toBe('abc');
    expect(text('')).toBe('');
  });

  it('feeds parseAmount exactly', () => {
    const minor = (input: string, decimals: number) => {
      const t = normaliseAmountText(input);
      if (!t.ok) return t.message;
      const r = parseAmount(t.text, decimals);
      return r.ok ? r.minor : r.message;
    };
    expect(minor('12,50', 2)).toBe(1250n);
    expect(minor('1.234,50', 2)).toBe(123450n);
    expect(minor('1,234.50', 2)).toBe(123450n);
    expect(minor('12.5+3.2', 2)).toBe(1570n);
    expect(minor('0,1+0,2', 2)).toBe(30n);
    expect(minor('12,345', 2)).toBe('"12,345" is ambiguous: write 12345 or 12.345');
  });
});
