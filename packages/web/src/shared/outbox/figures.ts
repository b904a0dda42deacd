import type { ConversionBody, TransactionBody } from '@kassa/contract';
import { findCurrency, parseSignedAmount, UNKNOWN_CURRENCY_DECIMALS } from '@kassa/money';
import type { OutboxEntry } from './types';

// What a waiting entry adds, in its own currencies only: the server converts when it arrives, so
// these figures stay apart from the server's (issue 36).

/** An amount of one currency in exact minor units, signed: spent or converted away is negative. */
export interface Figure {
  currency: string;
  minor: bigint;
}

/** Whether a category counts as income (a real one's direction), when the list of categories knows it. */
export type IncomeOf = (categoryId: number) => boolean | undefined;

function minorOf(amount: unknown, currency: string): bigint | undefined {
  const result = parseSignedAmount(amount, findCurrency(currency)?.decimals ?? UNKNOWN_CURRENCY_DECIMALS);
  return result.ok ? result.minor : undefined;
}

/** The direction of a transaction entry: its own (loan, business, external) or its category's. */
export function isIncomeEntry(body: TransactionBody, incomeOf: IncomeOf): boolean {
  return body.isIncome ?? incomeOf(body.categoryId) ?? false;
}

/** What a new transaction or conversion moves, per currency; nothing for a fixpoint, an edit or a delete. */
export function entryFigures(entry: OutboxEntry, incomeOf: IncomeOf): Figure[] {
  if (entry.kind === 'transaction-add') {
    const body = entry.body as TransactionBody;
    const minor = minorOf(body.amount, body.currency);
    if (minor === undefined) return [];
    return [{ currency: body.currency, minor: isIncomeEntry(body, incomeOf) ? minor : -minor }];
  }
  if (entry.kind === 'conversion-add') {
    const body = entry.body as ConversionBody;
    const from = minorOf(body.fromAmount, body.fromCurrency);
    const to = minorOf(body.toAmount, body.toCurrency);
    return [
      ...(from === undefined ? [] : [{ currency: body.fromCurrency, minor: -from }]),
      ...(to === undefined ? [] : [{ currency: body.toCurrency, minor: to }]),
    ];
  }
  return [];
}

/** The sum of the entries' figures per currency, in the order of the currency codes. */
export function waitingSums(entries: readonly OutboxEntry[], incomeOf: IncomeOf): Figure[] {
  const sums = new Map<string, bigint>();
  for (const entry of entries)
    for (const { currency, minor } of entryFigures(entry, incomeOf))
      sums.set(currency, (sums.get(currency) ?? 0n) + minor);
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, minor]) => ({ currency, minor }));
}
