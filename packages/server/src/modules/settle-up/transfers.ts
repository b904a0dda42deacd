/** One payment of `amount` minor units from a member who owes to one who is owed. */
export interface Transfer {
  from: number;
  to: number;
  amount: bigint;
}

/** Above this many members with a balance, the exact search (2^n sets) gives way to one greedy pass. */
const EXACT_UP_TO = 14;

/**
 * The fewest payments that bring every balance (> 0: is owed, < 0: owes; they sum to 0) to 0.
 * The fewest is n − g, where g is the most groups the members split into whose balances each sum
 * to 0 (inside a group of k, k − 1 payments settle it). The groups come from a search over the
 * sets of members (the best order of members, cut wherever the running sum is 0), for up to
 * EXACT_UP_TO members; a household is far below it. Above it, one greedy pass (n − 1 at most).
 */
export function fewestTransfers(balances: ReadonlyMap<number, bigint>): Transfer[] {
  const open = [...balances].filter(([, b]) => b !== 0n).sort(([a], [b]) => a - b);
  if (open.reduce((sum, [, b]) => sum + b, 0n) !== 0n) throw new Error('balances to settle must sum to 0');
  if (open.length > EXACT_UP_TO) return settleGroup(open);
  return zeroSumGroups(open).flatMap(settleGroup);
}

/** The members in the most groups that each sum to 0. */
function zeroSumGroups(members: readonly (readonly [number, bigint])[]): (readonly [number, bigint])[][] {
  const n = members.length;
  const full = (1 << n) - 1;
  const sum: bigint[] = new Array<bigint>(full + 1).fill(0n);
  // best[mask]: the most zero-sum groups the members of mask can be cut into, taken in some order.
  const best = new Int8Array(full + 1);
  for (let mask = 1; mask <= full; mask++) {
    const low = mask & -mask;
    sum[mask] = (sum[mask ^ low] ?? 0n) + (members[31 - Math.clz32(low)]?.[1] ?? 0n);
    let most = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) most = Math.max(most, best[mask ^ (1 << i)] ?? 0);
    best[mask] = most + (sum[mask] === 0n ? 1 : 0);
  }
  // Walk back from everyone: drop a member that keeps the count, and cut where the sum is 0.
  const groups: (readonly [number, bigint])[][] = [];
  let group: (readonly [number, bigint])[] = [];
  let mask = full;
  while (mask !== 0) {
    const cut = sum[mask] === 0n ? 1 : 0;
    let drop = -1;
    for (let i = 0; i < n && drop < 0; i++)
      if (mask & (1 << i) && (best[mask ^ (1 << i)] ?? 0) + cut === best[mask]) drop = i;
    if (cut === 1 && group.length > 0) {
      groups.push(group);
      group = [];
    }
    const member = members[drop];
    if (member === undefined) throw new Error('settle-up search lost its way');
    group.push(member);
    mask ^= 1 << drop;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** Settles members whose balances sum to 0 in at most (members − 1) payments: largest debts first. */
function settleGroup(members: readonly (readonly [number, bigint])[]): Transfer[] {
  const order = (a: { left: bigint; id: number }, b: { left: bigint; id: number }) =>
    a.left === b.left ? a.id - b.id : a.left > b.left ? -1 : 1;
  const owe = members
    .filter(([, b]) => b < 0n)
    .map(([id, b]) => ({ id, left: -b }))
    .sort(order);
  const owed = members
    .filter(([, b]) => b > 0n)
    .map(([id, b]) => ({ id, left: b }))
    .sort(order);
  const transfers: Transfer[] = [];
  let i = 0;
  let j = 0;
  while (i < owe.length && j < owed.length) {
    const from = owe[i];
    const to = owed[j];
    if (from === undefined || to === undefined) break;
    const amount = from.left < to.left ? from.left : to.left;
    transfers.push({ from: from.id, to: to.id, amount });
    from.left -= amount;
    to.left -= amount;
    if (from.left === 0n) i++;
    if (to.left === 0n) j++;
  }
  return transfers;
}
