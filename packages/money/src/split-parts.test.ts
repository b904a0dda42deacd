import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitByWeights } from './split.js';

describe('splitByWeights', () => {
  it('splits equally, the cents left over to the lower user ids', () => {
    // 100.00 among three: 33.33 each and one cent left, which goes to user 1.
    expect(
      splitByWeights(
        10000n,
        [2, 1, 3].map((userId) => ({ userId, weight: 1 })),
      ),
    ).toEqual(
      new Map([
        [2, 3333n],
        [1, 3334n],
        [3, 3333n],
      ]),
    );
  });

  it('splits by weights, the leftover to the largest remainders first', () => {
    // 10.00 as 2:1 → 6.666… and 3.333…: the larger remainder (user 1's, 2/3) takes the cent.
    expect(
      splitByWeights(1000n, [
        { userId: 1, weight: 2 },
        { userId: 2, weight: 1 },
      ]),
    ).toEqual(
      new Map([
        [1, 667n],
        [2, 333n],
      ]),
    );
    // 7 yen as 1:1:1:1 → 1.75 each: three yen of remainder to users 4, 5, 6 (all equal, lower first).
    expect(
      splitByWeights(
        7n,
        [4, 5, 6, 7].map((userId) => ({ userId, weight: 1 })),
      ),
    ).toEqual(
      new Map([
        [4, 2n],
        [5, 2n],
        [6, 2n],
        [7, 1n],
      ]),
    );
  });

  it('always sums to the amount, and no part is more than a unit from its exact value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.uniqueArray(
          fc.record({ userId: fc.integer({ min: 1, max: 1000 }), weight: fc.integer({ min: 1, max: 1000 }) }),
          {
            minLength: 1,
            maxLength: 50,
            selector: (s) => s.userId,
          },
        ),
        (amount, shares) => {
          const parts = splitByWeights(amount, shares);
          const total = BigInt(shares.reduce((sum, s) => sum + s.weight, 0));
          expect([...parts.values()].reduce((a, b) => a + b, 0n)).toBe(amount);
          for (const s of shares) {
            const part = parts.get(s.userId) ?? -1n;
            const exact = amount * BigInt(s.weight);
            expect(part * total <= exact + total && part * total >= exact - total).toBe(true);
          }
        },
      ),
    );
  });
});
