// A split expense's parts (issue 34, settling up): the server divides an expense by this rule
// (settle-up), and the web shows each member's part by it while the form is filled in, so the
// figures on screen are the ones settle-up counts.

/** A member's weight in a split: a whole number from 1 to 1000 (equal shares: all 1). */
export interface Weighted {
  userId: number;
  weight: number;
}

/**
 * Splits a whole, non-negative number of minor units among weighted shares, exactly: each share
 * gets the floor of amount × weight / total weight, and the units left over go one each to the
 * largest remainders, ties to the lower user id. The parts always sum to the amount. Throws for
 * an empty split or weights that are not positive whole numbers.
 */
export function splitByWeights(amount: bigint, shares: readonly Weighted[]): Map<number, bigint> {
  if (amount < 0n) throw new Error('a split amount is never negative');
  if (shares.some((s) => !Number.isSafeInteger(s.weight) || s.weight <= 0))
    throw new Error('split weights are positive whole numbers');
  const total = shares.reduce((sum, s) => sum + BigInt(s.weight), 0n);
  if (total === 0n) throw new Error('a split needs at least one share');
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
