import type { PocketBalance, PocketGroup } from '@kassa/contract';

/** The typed stated balances, per pocket id; a pocket not typed into yet shows its prefill. */
export type Statement = Record<number, string>;

/**
 * The stated balance a pocket's field starts with: where a currency has a single pocket, what the
 * ledger calculates it holds now (so only a real difference needs typing); with several pockets the
 * split is unknown, so each starts from its balance in the latest fixpoint.
 */
export function prefill(group: PocketGroup, pocketIndex: number, calculated: Record<string, number>): string {
  const pocket = group.items[pocketIndex];
  if (pocket === undefined) return '';
  const ledger = calculated[group.currency];
  return String(group.items.length === 1 && ledger !== undefined ? ledger : pocket.balance);
}

/** The value shown in each pocket's field. */
export function fieldValue(
  statement: Statement,
  group: PocketGroup,
  pocketIndex: number,
  calculated: Record<string, number>,
): string {
  const pocket = group.items[pocketIndex];
  return pocket === undefined ? '' : (statement[pocket.pocketId] ?? prefill(group, pocketIndex, calculated));
}

/** The full statement as sent: every pocket once, amounts as typed (the server evaluates them exactly). */
export function toBalances(
  statement: Statement,
  groups: readonly PocketGroup[],
  calculated: Record<string, number>,
): PocketBalance[] {
  return groups.flatMap((g) =>
    g.items.map((p, i) => ({ pocketId: p.pocketId, balance: fieldValue(statement, g, i, calculated).trim() })),
  );
}
