import type { BalanceName, NamedAsset } from '@kassa/contract';
import { endOfDay } from '../../lib/local-time';
import { inEnglish, t } from './i18n';

/** The figures of the balances card (spec §2), in order; `hidden` ones wait for a click on the card. */
const BALANCE_FIGURES = [
  { name: 'availablenominalmain', hidden: false },
  { name: 'available', hidden: false },
  { name: 'loaned', hidden: true },
  { name: 'businesspending', hidden: true },
  { name: 'outstanding', hidden: true },
  { name: 'networth', hidden: true },
] as const satisfies readonly { name: BalanceName; hidden: boolean }[];

export interface BalanceFigure {
  name: BalanceName;
  label: string;
  /** The label in English, for data-figure (tests look figures up by it in any language). */
  figure: string;
  hidden: boolean;
  asset: NamedAsset['asset'] | undefined;
}

/**
 * The card's figures from analytics/balances, labelled in the current language; a figure the
 * answer lacks stays undefined (a skeleton).
 */
export function balanceFigures(list: readonly NamedAsset[] | undefined): BalanceFigure[] {
  return BALANCE_FIGURES.map((f) => ({
    ...f,
    label: t(`balances.figures.${f.name}`),
    figure: inEnglish(`balances.figures.${f.name}`),
    asset: list?.find((a) => a.name === f.name)?.asset,
  }));
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
