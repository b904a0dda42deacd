import type { Category, Conversion, ConversionBody, Transaction, TransactionBody } from '@kassa/contract';
import { isIncomeEntry } from '../../../shared/outbox';

/** An update's body also names the row and the version it was made on. */
type Named = { id?: number; version?: number };

/**
 * A kept transaction's body in the shape the form opens a stored one in, so a refused entry can be
 * edited in the same form. The amount stays the text it was sent as (a "+" expression included):
 * the form shows it as it is.
 */
export function asTransaction(body: TransactionBody & Named, categories: ReadonlyMap<number, Category>): Transaction {
  const category = categories.get(body.categoryId);
  return {
    id: body.id ?? 0,
    isIncome: isIncomeEntry(body, (id) => categories.get(id)?.isIncome ?? undefined),
    amount: body.amount as number,
    currency: body.currency,
    categoryId: body.categoryId,
    description: body.description ?? '',
    time: body.time,
    categType: category?.type ?? 'real',
    type: body.type ?? null,
    rowType: 'transaction',
    version: body.version ?? 1,
    ...(body.paidBy === undefined ? {} : { paidBy: body.paidBy }),
    ...(body.shares === undefined ? {} : { shares: body.shares }),
  };
}

/** A kept conversion's body in the shape the conversion form opens. */
export function asConversion(body: ConversionBody & Named): Conversion {
  return {
    id: body.id ?? 0,
    userId: 0,
    fromAmount: body.fromAmount as number,
    fromCurrency: body.fromCurrency,
    toAmount: body.toAmount as number,
    toCurrency: body.toCurrency,
    description: body.description ?? '',
    time: body.time,
    version: body.version ?? 1,
  };
}
