import type { BalanceName, CashflowName, NamedAsset } from '@kassa/contract';
import type { MantineColor } from '@mantine/core';

/** The colour a signed figure shows in (spec §2 "coloured by sign"): teal above 0, red below, none at 0. */
export function signColor(amount: number): MantineColor | undefined {
  return amount > 0 ? 'teal' : amount < 0 ? 'red' : undefined;
}

/** The amount of the named figure of an analytics answer; 0 when the server left it out. */
export function namedAmount(list: readonly NamedAsset[], name: BalanceName | CashflowName): number {
  return list.find((a) => a.name === name)?.asset.amount ?? 0;
}
