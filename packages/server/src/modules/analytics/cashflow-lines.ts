import type { CashflowName } from '@kassa/contract';
import { roundScaled, type FlowTotal, type MainSum } from '../ledger/index.js';

/** The cash-flow buckets a flow total falls into (DESIGN §5), with the sign it adds with. */
function cashflowBuckets(t: Pick<FlowTotal, 'kind' | 'businessType' | 'isIncome'>): [CashflowName, 1 | -1][] {
  const sign = t.isIncome ? 1 : -1;
  const side = t.isIncome ? 'in' : 'out';
  switch (t.kind) {
    case 'real':
      return [[t.isIncome ? 'income' : 'expense', sign]];
    case 'loan':
      return [[`loan${side}`, sign]];
    case 'external':
      return [[`external${side}`, sign]];
    case 'conversion':
      return [[`conv${side}`, sign]];
    case 'business':
      if (t.businessType === 'invest') return [[`business${side}`, sign]];
      // pnl is cash P&L; realize is P&L without cash, so it also counts as "realized".
      if (t.businessType === 'pnl') return [[t.isIncome ? 'income' : 'expense', sign]];
      return [
        [t.isIncome ? 'income' : 'expense', sign],
        ['realized', sign],
      ];
  }
}

const CASHFLOW_FLOWS = [
  'income',
  'expense',
  'loanin',
  'loanout',
  'businessin',
  'businessout',
  'convin',
  'convout',
  'externalin',
  'externalout',
  'realized',
] as const satisfies readonly CashflowName[];

/** The cash-flow buckets' totals in minor units of the report's currency. */
export type BucketTotals = Record<(typeof CASHFLOW_FLOWS)[number], bigint>;

/** Each bucket sums its flows' main-currency values (each at its own day's rate) and rounds once. */
export function bucketTotals(flows: readonly MainSum[]): BucketTotals {
  const sums = new Map<string, bigint>(CASHFLOW_FLOWS.map((n) => [n, 0n]));
  for (const g of flows) {
    for (const [bucket, sign] of cashflowBuckets(g))
      sums.set(bucket, (sums.get(bucket) ?? 0n) + (sign === 1 ? g.scaled : -g.scaled));
  }
  return Object.fromEntries(CASHFLOW_FLOWS.map((n) => [n, roundScaled(sums.get(n) ?? 0n)])) as BucketTotals;
}

/**
 * cashflow's lines in the order the API sends them; revaluation is what the buckets and the
 * fixpoint errors leave of end - start unexplained (what exchange rates moved).
 */
export function cashflowLines(
  v: BucketTotals,
  fixpointError: bigint,
  startBalance: bigint,
  endBalance: bigint,
): [CashflowName, bigint][] {
  const explained =
    v.income +
    v.expense -
    v.realized +
    v.loanin +
    v.loanout +
    v.businessin +
    v.businessout +
    v.convin +
    v.convout +
    v.externalin +
    v.externalout +
    fixpointError;
  return [
    ['income', v.income],
    ['expense', v.expense],
    ['loanin', v.loanin],
    ['loanout', v.loanout],
    ['businessin', v.businessin],
    ['businessout', v.businessout],
    ['tempin', v.loanin + v.businessin],
    ['tempout', v.loanout + v.businessout],
    ['convin', v.convin],
    ['convout', v.convout],
    ['externalin', v.externalin],
    ['externalout', v.externalout],
    ['start', startBalance],
    ['end', endBalance],
    ['realized', v.realized],
    ['fixpointerror', fixpointError],
    ['revaluation', endBalance - startBalance - explained],
  ];
}
