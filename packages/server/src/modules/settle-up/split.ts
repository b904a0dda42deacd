import type { Share } from '../ledger/index.js';

/**
 * Splits a whole number of minor units among weighted shares, exactly: each share gets the floor
 * of amount × weight / total weight, and the minor units left over go one each to the shares with
 * the largest remainders (ties: the lower user id first), so the parts always sum to the amount
 * and every figure can be redone by hand. Amounts are never negative here (expenses, settlements).
 */
export function splitByWeights(amount: bigint, shares: readonly Share[]): Map<number, bigint> {
  const total = shares.reduce((sum, s) => sum + BigInt(s.weight), 0n);
  if (total <= 0n) throw new Error('a split needs a positive total weight');
  const parts = shares.map((s) => {
    const exact = amount * BigInt(s.weight);
    return { userId: s.userId, part: exact / total, remainder: exact % total };
  });
  let left = amount - parts.reduce((sum, p) => sum + p.part, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.userId - b.userId : a.remainder > b.remainder ? -1 : 1,
  );
  for (const p of byRemainder) {
    if (left === 0n) break;
    p.part += 1n;
    left -= 1n;
  }
  return new Map(parts.map((p) => [p.userId, p.part]));
}
