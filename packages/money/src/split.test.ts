import { describe, expect, it } from 'vitest';
import { splitByWeights } from './split.js';

const parts = (amount: bigint, shares: [number, number][]) =>
  Object.fromEntries(
    splitByWeights(
      amount,
      shares.map(([userId, weight]) => ({ userId, weight })),
    ),
  );

describe('splitByWeights (the server’s rule for a split expense)', () => {
  it('divides evenly when it can', () => {
    expect(
      parts(1000n, [
        [1, 1],
        [2, 1],
      ]),
    ).toEqual({ 1: 500n, 2: 500n });
    expect(
      parts(900n, [
        [1, 1],
        [2, 2],
      ]),
    ).toEqual({ 1: 300n, 2: 600n });
  });

  it('gives the cents left over to the largest remainders, ties to the lower user id', () => {
    // 10.00 in three: 333 each, one cent left, all remainders equal: the lowest id takes it.
    expect(
      parts(1000n, [
        [7, 1],
        [3, 1],
        [5, 1],
      ]),
    ).toEqual({ 3: 334n, 5: 333n, 7: 333n });
    // 10.01 in three: two cents left, to ids 3 and 5.
    expect(
      parts(1001n, [
        [7, 1],
        [3, 1],
        [5, 1],
      ]),
    ).toEqual({ 3: 334n, 5: 334n, 7: 333n });
    // 1.00 by 1:2: 33.33 and 66.66 floor to 33 and 66; remainders 1 and 2 of 3: the larger (id 9) takes the cent.
    expect(
      parts(100n, [
        [2, 1],
        [9, 2],
      ]),
    ).toEqual({ 2: 33n, 9: 67n });
  });

  it('always sums to the amount, whatever the weights', () => {
    const shares = [
      { userId: 4, weight: 17 },
      { userId: 1, weight: 1000 },
      { userId: 9, weight: 3 },
      { userId: 2, weight: 250 },
    ];
    for (const amount of [0n, 1n, 2n, 3n, 99n, 12_345n, 1_000_000_000_000_00n]) {
      const split = splitByWeights(amount, shares);
      expect([...split.values()].reduce((a, b) => a + b, 0n)).toBe(amount);
      expect([...split.keys()]).toEqual([4, 1, 9, 2]);
    }
  });

  it('gives one person the whole amount', () => {
    expect(parts(4321n, [[6, 5]])).toEqual({ 6: 4321n });
  });

  it('refuses an empty split and weights that are not positive whole numbers', () => {
    expect(() => splitByWeights(100n, [])).toThrow('at least one share');
    expect(() => splitByWeights(100n, [{ userId: 1, weight: 0 }])).toThrow('positive whole numbers');
    expect(() => splitByWeights(100n, [{ userId: 1, weight: 1.5 }])).toThrow('positive whole numbers');
    expect(() => splitByWeights(-1n, [{ userId: 1, weight: 1 }])).toThrow('never negative');
  });
});
