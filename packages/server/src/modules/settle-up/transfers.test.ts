import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fewestTransfers, type Transfer } from './transfers.js';

const settle = (balances: Map<number, bigint>, transfers: readonly Transfer[]) => {
  const left = new Map(balances);
  for (const t of transfers) {
    expect(t.amount > 0n).toBe(true);
    left.set(t.from, (left.get(t.from) ?? 0n) + t.amount);
    left.set(t.to, (left.get(t.to) ?? 0n) - t.amount);
  }
  return [...left.values()].every((b) => b === 0n);
};

/** The most groups summing to 0 that the balances split into, by trying every partition (small n). */
function mostZeroGroups(values: readonly bigint[]): number {
  if (values.length === 0) return 0;
  const [first, ...rest] = values;
  let most = 0;
  // The group holding the first value: every subset of the rest joined to it.
  for (let mask = 0; mask < 1 << rest.length; mask++) {
    const inGroup = rest.filter((_, i) => mask & (1 << i));
    if (inGroup.reduce((a, b) => a + b, first ?? 0n) !== 0n) continue;
    most = Math.max(most, 1 + mostZeroGroups(rest.filter((_, i) => !(mask & (1 << i)))));
  }
  return most;
}

describe('fewestTransfers', () => {
  it('pays the one who is owed from each who owes', () => {
    const balances = new Map([
      [1, 6000n],
      [2, -2000n],
      [3, -4000n],
    ]);
    expect(fewestTransfers(balances)).toEqual([
      { from: 3, to: 1, amount: 4000n },
      { from: 2, to: 1, amount: 2000n },
    ]);
  });

  it('finds the groups that cancel, where a greedy pass pays more often', () => {
    const balances = new Map([
      [1, -500n],
      [2, -500n],
      [3, 500n],
      [4, 500n],
      [5, 0n],
    ]);
    const transfers = fewestTransfers(balances);
    expect(transfers).toHaveLength(2);
    expect(settle(balances, transfers)).toBe(true);
    const uneven = new Map([
      [1, -700n],
      [2, -500n],
      [3, 1000n],
      [4, 700n],
      [5, -500n],
    ]);
    const three = fewestTransfers(uneven);
    // Largest debts first would pay 1→3 700, 2→3 300, 2→4 200, 5→4 500: four payments.
    // {1, 4} and {2, 3, 5} each sum to 0: 1 + 2 payments.
    expect(three).toHaveLength(3);
    expect(settle(uneven, three)).toBe(true);
  });

  it('settles everyone in n − (most zero-sum groups) payments', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 8 }), (values) => {
        const owed = values.map((v) => BigInt(v * 1000));
        owed.push(-owed.reduce((a, b) => a + b, 0n));
        const balances = new Map(owed.map((b, i) => [i + 1, b]));
        const transfers = fewestTransfers(balances);
        expect(settle(balances, transfers)).toBe(true);
        const open = owed.filter((b) => b !== 0n);
        expect(transfers).toHaveLength(open.length - mostZeroGroups(open));
      }),
    );
  });

  it('settles a large group with at most n − 1 payments', () => {
    const balances = new Map<number, bigint>();
    for (let i = 1; i <= 30; i++) balances.set(i, BigInt(i % 2 === 0 ? i * 100 : -i * 100));
    balances.set(31, -[...balances.values()].reduce((a, b) => a + b, 0n));
    const transfers = fewestTransfers(balances);
    expect(settle(balances, transfers)).toBe(true);
    expect(transfers.length).toBeLessThanOrEqual(30);
  });

  it('refuses balances that do not sum to 0', () => {
    expect(() => fewestTransfers(new Map([[1, 5n]]))).toThrow('sum to 0');
  });
});
