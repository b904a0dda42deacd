import { describe, expect, it } from 'vitest';
import { ExactSum } from './exact-sum.js';

const sum = (terms: [bigint, bigint][]) => {
  const s = new ExactSum();
  for (const [n, d] of terms) s.add(n, d);
  return s.rounded();
};

describe('ExactSum', () => {
  it('rounds the exact total once, not each term', () => {
    // Three terms of 0.4 each: rounding each gives 0, the total 1.2 rounds to 1.
    expect(
      sum([
        [2n, 5n],
        [4n, 10n],
        [6n, 15n],
      ]),
    ).toBe(1n);
  });

  it('decides exact ties half to even, even across denominators', () => {
    // 1/3 + 1/6 = 0.5 exactly -> 0; 1/3 + 1/6 + 1 = 1.5 -> 2
    expect(
      sum([
        [1n, 3n],
        [1n, 6n],
      ]),
    ).toBe(0n);
    expect(
      sum([
        [1n, 3n],
        [1n, 6n],
        [1n, 1n],
      ]),
    ).toBe(2n);
    // 2/7 + 3/14 = 0.5 -> 0 (from the nearest even)
    expect(
      sum([
        [2n, 7n],
        [3n, 14n],
      ]),
    ).toBe(0n);
  });

  it('handles negative terms and sums', () => {
    expect(sum([[-5n, 2n]])).toBe(-2n); // -2.5 -> -2
    expect(sum([[-7n, 2n]])).toBe(-4n); // -3.5 -> -4
    expect(
      sum([
        [-1n, 3n],
        [-1n, 6n],
      ]),
    ).toBe(0n); // -0.5 -> 0
    expect(
      sum([
        [10n, 3n],
        [-10n, 3n],
      ]),
    ).toBe(0n);
    expect(
      sum([
        [-10n, 7n],
        [3n, 7n],
      ]),
    ).toBe(-1n);
  });

  it('agrees with exact rational arithmetic on many random terms', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let trial = 0; trial < 50; trial++) {
      const terms: [bigint, bigint][] = [];
      let num = 0n;
      let den = 1n;
      for (let i = 0; i < 20; i++) {
        const n = BigInt(random() % 2_000_001) - 1_000_000n;
        const d = BigInt((random() % 9999) + 1);
        terms.push([n, d]);
        num = num * d + n * den;
        den *= d;
      }
      const q = num / den;
      const r = num - q * den;
      const twice = (r < 0n ? -r : r) * 2n;
      const expected = twice > den || (twice === den && q % 2n !== 0n) ? q + (num < 0n ? -1n : 1n) : q;
      expect(sum(terms)).toBe(expected);
    }
  });

  it('is zero when empty', () => {
    expect(new ExactSum().rounded()).toBe(0n);
  });
});
