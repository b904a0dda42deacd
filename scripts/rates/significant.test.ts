import { describe, expect, it } from 'vitest';
import { formatSignificant, isBundleRate, isUsableRate } from './significant.js';

describe('formatSignificant', () => {
  it('rounds to 10 significant digits by default', () => {
    expect(formatSignificant(1.23456789012345)).toBe('1.23456789');
    expect(formatSignificant(1 / 3)).toBe('0.3333333333');
    expect(formatSignificant(2 / 3)).toBe('0.6666666667');
    expect(formatSignificant(123456.789012345)).toBe('123456.789');
  });

  it('drops trailing zeros and a trailing point', () => {
    expect(formatSignificant(1.5)).toBe('1.5');
    expect(formatSignificant(2)).toBe('2');
    expect(formatSignificant(1.95583)).toBe('1.95583');
    expect(formatSignificant(100)).toBe('100');
  });

  it('writes large and small values in plain notation', () => {
    expect(formatSignificant(1.2e-7)).toBe('0.00000012');
    expect(formatSignificant(0.0000032224)).toBe('0.0000032224');
    expect(formatSignificant(107716264200)).toBe('107716264200');
    expect(formatSignificant(12345678901234)).toBe('12345678900000');
    expect(formatSignificant(1e21)).toBe('1000000000000000000000');
  });

  it('carries a rounding into a new digit', () => {
    expect(formatSignificant(9.99999999996)).toBe('10');
    expect(formatSignificant(0.099999999999)).toBe('0.1');
  });

  it('honours another digit count', () => {
    expect(formatSignificant(1234.5678, 3)).toBe('1230');
    expect(formatSignificant(0.012345, 2)).toBe('0.012');
  });

  it('refuses what cannot be a rate', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => formatSignificant(bad)).toThrow(RangeError);
  });
});

describe('isUsableRate', () => {
  it('accepts finite positive numbers only', () => {
    expect(isUsableRate(1e-300)).toBe(true);
    expect(isUsableRate(0)).toBe(false);
    expect(isUsableRate(-2)).toBe(false);
    expect(isUsableRate(Number.NaN)).toBe(false);
    expect(isUsableRate(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isUsableRate(undefined)).toBe(false);
  });
});

describe('isBundleRate', () => {
  it('accepts plain positive decimals with at most 10 significant digits', () => {
    for (const ok of ['1', '0.5', '1.95583', '0.0000032224', '1234567890', '12345678900000', '0.1234567891'])
      expect(isBundleRate(ok), ok).toBe(true);
  });

  it('refuses signs, exponents, padding, zero and excess digits', () => {
    for (const bad of [
      '0',
      '0.0',
      '-1',
      '+1',
      '1e5',
      '1.',
      '.5',
      '01',
      '1.50',
      '12345678901',
      '0.12345678912',
      ' 1',
      '1,5',
    ])
      expect(isBundleRate(bad), bad).toBe(false);
  });

  it("refuses a value the server's loader cannot hold (more than 15 digits of units)", () => {
    expect(isBundleRate('120000000000000')).toBe(true);
    expect(isBundleRate('1200000000000000')).toBe(false);
  });
});
