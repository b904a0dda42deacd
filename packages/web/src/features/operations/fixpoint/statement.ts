import type { Pocket, PocketBalanceBody, PocketGroup } from '@kassa/contract';
import { amountFieldText, amountForServer } from '../../../components/amount-value';

/** The typed stated balances, per pocket id; a pocket not typed into yet shows its prefill. */
export type Statement = Record<number, string>;

/**
 * The value shown in a pocket's field: what was typed, else the prefill. Where a currency has a
 * single pocket, the prefill is what the ledger calculates it holds now (so only a real difference
 * needs typing); with several pockets the split is unknown, so each starts from its balance in the
 * latest fixpoint.
 */
export function fieldValue(
  statement: Statement,
  group: PocketGroup,
  pocket: Pocket,
  calculated: Record<string, number>,
): string {
  const ledger = calculated[group.currency];
  const prefill = group.items.length === 1 && ledger !== undefined ? ledger : pocket.balance;
  return statement[pocket.pocketId] ?? amountFieldText(prefill);
}

/**
 * The full statement as sent: every pocket once, amounts as typed in the person's number format, in
 * the product's notation (the server evaluates them exactly).
 */
export function toBalances(
  statement: Statement,
  groups: readonly PocketGroup[],
  calculated: Record<string, number>,
): PocketBalanceBody[] {
  return groups.flatMap((g) =>
    g.items.map((p) => ({ pocketId: p.pocketId, balance: amountForServer(fieldValue(statement, g, p, calculated)) })),
  );
}
