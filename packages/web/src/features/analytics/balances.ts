import type { BalanceName, NamedAsset } from '@kassa/contract';
import { endOfDay } from '../../lib/local-time';

/** The figures of the balances card (spec §2), in order; `hidden` ones wait for a click on the card. */
export const BALANCE_FIGURES = [
  { name: 'availablenominalmain', label: 'Available nominal', hidden: false },
  { name: 'available', label: 'Available (converted)', hidden: false },
  { name: 'loaned', label: 'Loan pending', hidden: true },
  { name: 'businesspending', label: 'Business pending', hidden: true },
  { name: 'outstanding', label: 'Outstanding sum', hidden: true },
  { name: 'networth', label: 'Net worth', hidden: true },
] as const satisfies readonly { name: BalanceName; label: string; hidden: boolean }[];

export interface BalanceFigure {
  name: BalanceName;
  label: string;
  hidden: boolean;
  asset: NamedAsset['asset'] | undefined;
}

/** The card's figures from analytics/balances; a figure the answer lacks stays undefined (a skeleton). */
export function balanceFigures(list: readonly NamedAsset[] | undefined): BalanceFigure[] {
  return BALANCE_FIGURES.map((f) => ({ ...f, asset: list?.find((a) => a.name === f.name)?.asset }));
}

/**
 * The date body of analytics/balances and analytics/holdings: the end of the chosen local day as an
 * ISO instant, but never later than now (today's figures are the ones as of this moment).
 */
export function asOfBody(day: Date | undefined, now = new Date()): string {
  if (day === undefined) return now.toISOString();
  const end = endOfDay(day);
  return (end.getTime() > now.getTime() ? now : end).toISOString();
}
