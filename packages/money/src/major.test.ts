import { describe, expect, it } from 'vitest';
import { majorToMinor, sumMajor } from './major.js';

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
});
