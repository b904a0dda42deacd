import { describe, expect, it } from 'vitest';
import { divideHalfEven, fixedDecimal, formatSignificant, parseDecimal, placeDecimalPoint } from './decimal.js';

describe('decimal helpers', () => {
  it('parses plain decimals exactly', () => {
    expect(parseDecimal('1.0856')).toEqual({ units: 10856n, scale: 4 });
    expect(parseDecimal('162')).toEqual({ units: 162n, scale: 0 });
    expect(parseDecimal('0.000120')).toEqual({ units: 120n, scale: 6 });
    for (const bad of ['', '-1', '1e5', '1.', '.5', '1,5', ' 1']) expect(parseDecimal(bad)).toBeUndefined();
  });

  it('rounds half to even, both signs', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n); // 2.5 -> 2
    expect(divideHalfEven(7n, 2n)).toBe(4n); // 3.5 -> 4
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(26n, 10n)).toBe(3n);
    expect(divideHalfEven(24n, 10n)).toBe(2n);
    expect(divideHalfEven(-26n, 10n)).toBe(-3n);
  });

  it('formats with significant digits', () => {
    expect(formatSignificant(1n, 3n, 6)).toBe('0.333333');
    expect(formatSignificant(2n, 3n, 4)).toBe('0.6667');
    expect(formatSignificant(400n, 1n, 3)).toBe('400');
    expect(formatSignificant(123456789n, 1n, 4)).toBe('123500000');
    expect(formatSignificant(99999n, 10000n, 3)).toBe('10');
    expect(formatSignificant(1n, 4000n, 10)).toBe('0.00025');
  });

  it('places the decimal point', () => {
    expect(placeDecimalPoint(12345n, 2)).toBe('123.45');
    expect(placeDecimalPoint(5n, 3)).toBe('0.005');
    expect(placeDecimalPoint(1200n, 2)).toBe('12');
    expect(placeDecimalPoint(-150n, 2)).toBe('-1.5');
    expect(placeDecimalPoint(12n, -2)).toBe('1200');
  });
});

describe('fixedDecimal', () => {
  it('writes exactly the currency decimals, with the sign in front', () => {
    expect(fixedDecimal(1250n, 2)).toBe('12.50');
    expect(fixedDecimal(-5n, 2)).toBe('-0.05');
    expect(fixedDecimal(0n, 2)).toBe('0.00');
    expect(fixedDecimal(1000n, 0)).toBe('1000');
    expect(fixedDecimal(-1234567n, 3)).toBe('-1234.567');
    expect(fixedDecimal(100000000000000n, 2)).toBe('1000000000000.00');
  });
});
