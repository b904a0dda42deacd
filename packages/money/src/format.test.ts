import { describe, expect, it } from 'vitest';
import { abbreviate, ellipsis, formatDate, formatMoney, formatRate, formatTime } from './format.js';

describe('formatMoney (spec §9)', () => {
  it('groups thousands with spaces and uses the currency decimals and sign side', () => {
    expect(formatMoney(1234567.5, 'USD')).toBe('$1 234 567.50');
    expect(formatMoney(1234567.5, 'HUF')).toBe('1 234 567.50 Ft');
    expect(formatMoney(1500, 'JPY')).toBe('¥1 500');
    expect(formatMoney(12.345, 'BHD')).toBe('12.345 BHD');
    expect(formatMoney(99.5, 'CHF')).toBe('CHF 99.50');
    expect(formatMoney(0, 'EUR')).toBe('0.00 €');
  });

  it('prefixes negatives with "- " and treats unknown codes as "?" with 2 decimals', () => {
    expect(formatMoney(-12.5, 'USD')).toBe('- $12.50');
    expect(formatMoney(-1000, 'EUR')).toBe('- 1 000.00 €');
    expect(formatMoney(-0.001, 'EUR')).toBe('0.00 €');
    expect(formatMoney(3.456, 'XYZ')).toBe('3.46 ?');
  });
});

describe('formatRate (spec §9)', () => {
  it('picks decimals by size', () => {
    expect(formatRate(1)).toEqual({ text: '1', inverted: false });
    expect(formatRate(1.08567)).toEqual({ text: '1.0857', inverted: false });
    expect(formatRate(12.3456)).toEqual({ text: '12.35', inverted: false });
    expect(formatRate(163.52)).toEqual({ text: '163.5', inverted: false });
    expect(formatRate(410.35)).toEqual({ text: '410.4', inverted: false });
    expect(formatRate(1234.5)).toEqual({ text: '1 235', inverted: false });
  });

  it('shows rates below 0.05 inverted', () => {
    expect(formatRate(0.0025)).toEqual({ text: '400.0', inverted: true });
    expect(formatRate(0.05)).toEqual({ text: '0.0500', inverted: false });
  });
});

describe('dates, abbreviations and ellipsis', () => {
  it('formats yyyy.mm.dd. and HH:mm', () => {
    const d = new Date(2026, 0, 5, 7, 3);
    expect(formatDate(d)).toBe('2026.01.05.');
    expect(formatTime(d)).toBe('07:03');
  });

  it('abbreviates with k and M', () => {
    expect(abbreviate(999)).toBe('999.00');
    expect(abbreviate(1000)).toBe('1.00k');
    expect(abbreviate(-2_500_000)).toBe('-2.50M');
    expect(abbreviate(1234, 1)).toBe('1.2k');
  });

  it('shortens long text to the limit, ellipsis included', () => {
    expect(ellipsis('short')).toBe('short');
    expect(ellipsis('a'.repeat(30))).toBe('a'.repeat(30));
    expect(ellipsis('a'.repeat(31))).toBe(`${'a'.repeat(29)}…`);
    expect(ellipsis('Groceries and more', 12)).toBe('Groceries a…');
  });
});
