import type { BusinessType, CategoryType } from '@kassa/contract';
import type { Selectable } from 'kysely';
import type { ConversionsTable, TransactionsTable } from '../../db/schema.js';

// The ledger's rows and their column mapping live here, below the feature modules that write
// them (transactions, conversions) and the ledger code that derives totals from them, so the
// ledger never imports a feature module.

/** A stored transaction (amount in minor units, time in epoch ms, day = UTC day number). */
export interface TransactionRow {
  id: number;
  categoryId: number;
  kind: CategoryType;
  businessType: BusinessType | null;
  isIncome: boolean;
  amount: number;
  currency: string;
  description: string;
  time: number;
  day: number;
}

export function transactionFromColumns(r: Selectable<TransactionsTable>): TransactionRow {
  return {
    id: r.id,
    categoryId: r.category_id,
    kind: r.kind,
    businessType: r.business_type,
    isIncome: r.is_income === 1,
    amount: r.amount,
    currency: r.currency,
    description: r.description,
    time: r.time,
    day: r.day,
  };
}

/** The columns of a transaction row (the repository and bulk loading share this mapping). */
export const transactionColumns = (t: Omit<TransactionRow, 'id'>) => ({
  category_id: t.categoryId,
  kind: t.kind,
  business_type: t.businessType,
  is_income: t.isIncome ? 1 : 0,
  amount: t.amount,
  currency: t.currency,
  description: t.description,
  time: t.time,
  day: t.day,
});

/** A stored conversion (amounts in minor units of their currencies). */
export interface ConversionRow {
  id: number;
  fromAmount: number;
  fromCurrency: string;
  toAmount: number;
  toCurrency: string;
  description: string;
  time: number;
  day: number;
}

export function conversionFromColumns(r: Selectable<ConversionsTable>): ConversionRow {
  return {
    id: r.id,
    fromAmount: r.from_amount,
    fromCurrency: r.from_currency,
    toAmount: r.to_amount,
    toCurrency: r.to_currency,
    description: r.description,
    time: r.time,
    day: r.day,
  };
}

export const conversionColumns = (c: Omit<ConversionRow, 'id'>) => ({
  from_amount: c.fromAmount,
  from_currency: c.fromCurrency,
  to_amount: c.toAmount,
  to_currency: c.toCurrency,
  description: c.description,
  time: c.time,
  day: c.day,
});

/** A fixpoint: an instant at which the user stated every pocket's balance. */
export interface FixpointRow {
  id: number;
  time: number;
}

/** A stated pocket balance of a fixpoint, with the pocket's currency and name. */
export interface StateRow {
  fixpointId: number;
  pocketId: number;
  name: string;
  isCash: boolean;
  currency: string;
  balance: number;
}
