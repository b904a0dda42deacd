import { describe, expect, it } from 'vitest';
import { decimalsOf, majorToMinor, sumMajor } from './major.js';

describe('exact sums of API amounts', () => {
  it('adds in minor units, without binary noise', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMajor('EUR', 0.1, 0.2)).toBe(0.3);
    expect(sumMajor('EUR', 3200.55, -1234.45)).toBe(1966.1);
    expect(sumMajor('EUR')).toBe(0);
  });

  it("uses the currency's decimals", () => {
    expect(majorToMinor(1.1, 'EUR')).toBe(110n);
    expect(majorToMinor(1500, 'JPY')).toBe(1500n);
    expect(majorToMinor(12.345, 'BHD')).toBe(12345n);
    expect(sumMajor('BHD', 0.001, 0.002)).toBe(0.003);
    expect(sumMajor('XYZ', 0.1, 0.2)).toBe(0.3);
  });

  it('converts the decimal a number prints as, never through a float product', () => {
    expect(majorToMinor(1.005, 'EUR')).toBe(100n); // 1.005 * 100 is 100.49999999999999; half to even
    expect(majorToMinor(0.1 + 0.2, 'EUR')).toBe(30n);
    expect(majorToMinor(-12.34, 'EUR')).toBe(-1234n);
    expect(majorToMinor(1e21, 'JPY')).toBe(10n ** 21n);
    expect(majorToMinor(1e-7, 'EUR')).toBe(0n);
  });

  it('knows the decimals of catalogued currencies only', () => {
    expect(decimalsOf('JPY')).toBe(0);
    expect(decimalsOf('BHD')).toBe(3);
    expect(() => decimalsOf('XYZ')).toThrow(/unsupported currency XYZ/);
  });
});
