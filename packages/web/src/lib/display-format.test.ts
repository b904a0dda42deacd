import { describe, expect, it } from 'vitest';
import {
  axisTick,
  DISPLAY_FORMAT_KEY,
  displayFormatOf,
  formatCount,
  formatDate,
  formatIsoDate,
  formatMoney,
  formatNumber,
  formatRate,
  getDisplayFormat,
  setDisplayFormat,
} from './display-format';

// The formatters in the formats in force (issue 36); test/setup.ts puts the spec's back after each test.

describe('display formats in force', () => {
  it('start as the spec says', () => {
    expect(getDisplayFormat()).toEqual({ numberFormat: 'space_dot', dateFormat: 'yyyy.mm.dd.' });
    expect(formatMoney(-1234.5, 'EUR')).toBe('- 1 234.50 €');
    expect(axisTick(1500)).toBe('1.5k');
    expect(axisTick(2000)).toBe('2k');
    expect(axisTick(250)).toBe('250');
    expect(formatIsoDate('2026-03')).toBe('2026.03.');
  });

  it('follow a change, and remember it in this browser', () => {
    setDisplayFormat({ numberFormat: 'dot_comma', dateFormat: 'dd/mm/yyyy' });
    expect(formatMoney(-1234.5, 'EUR')).toBe('- 1.234,50 €');
    expect(formatRate(1.08567).text).toBe('1,0857');
    expect(formatNumber(12.34, 1)).toBe('12,3');
    expect(formatCount(12345)).toBe('12.345');
    expect(axisTick(1500)).toBe('1,5k');
    expect(axisTick(-2_000_000)).toBe('-2M');
    expect(axisTick(0.5)).toBe('0,5');
    expect(formatDate(new Date(2026, 10, 29))).toBe('29/11/2026');
    expect(formatIsoDate('2026-03')).toBe('03/2026');
    expect(JSON.parse(localStorage.getItem(DISPLAY_FORMAT_KEY) ?? '')).toEqual({
      numberFormat: 'dot_comma',
      dateFormat: 'dd/mm/yyyy',
    });
  });

  it('take only known formats, the defaults for the rest', () => {
    expect(displayFormatOf(undefined)).toEqual({ numberFormat: 'space_dot', dateFormat: 'yyyy.mm.dd.' });
    expect(displayFormatOf({ numberFormat: 'comma_dot' })).toEqual({
      numberFormat: 'comma_dot',
      dateFormat: 'yyyy.mm.dd.',
    });
    expect(displayFormatOf({ numberFormat: 'roman', dateFormat: 'dd.mm.yyyy' })).toEqual({
      numberFormat: 'space_dot',
      dateFormat: 'dd.mm.yyyy',
    });
  });
});
