import type { Minor } from '@kassa/money';
import type { BusinessType, CategoryType } from '@kassa/contract';
import { sql, type Selectable } from 'kysely';
import type { ConversionsTable, TransactionsTable } from '../../db/schema.js';
import type { PerCurrency } from './flows.js';

// The ledger's rows and their column mapping live here (and what state rows state per currency),
// below the feature modules that write them (transactions, conversions) and the ledger code that
// derives totals from them, so the ledger never imports a feature module.

/** A stored transaction (amount in minor units, time in epoch ms, day = UTC day number). */
export interface TransactionRow {
  id: number;
  categoryId: number;
  kind: CategoryType;
  businessType: BusinessType | null;
  isIncome: boolean;
  /** Positive. */
  amount: Minor;
  currency: string;
  description: string;
  time: number;
  day: number;
  /** The pocket the row belongs to (DESIGN §4); null or absent = its currency's default pocket. */
  pocketId?: number | null;
  /** Who entered it, as read (issue 34); writes stamp their actor instead (row-store.ts). */
  createdBy?: number | null;
  /**
   * A split expense of a shared book (issue 34): who paid it, and each member's weight. Null: not
   * split; absent on a write: as the row was (an edit that does not name them keeps them).
   */
  paidBy?: number | null;
  shares?: readonly Share[] | null;
  /** As read: 1 when entered, one more with every change (migration 0040). */
  version?: number;
}

/** A member's part of a split expense: `weight` of the sum of the row's weights. */
export interface Share {
  userId: number;
  weight: number;
}

/** Shares as stored: JSON `[[userId, weight], …]`. */
export const sharesToColumn = (shares: readonly Share[] | null): string | null =>
  shares === null ? null : JSON.stringify(shares.map((s) => [s.userId, s.weight]));

export const sharesFromColumn = (column: string | null): Share[] | null =>
  column === null ? null : (JSON.parse(column) as [number, number][]).map(([userId, weight]) => ({ userId, weight }));

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
    pocketId: r.pocket_id,
    createdBy: r.created_by,
    paidBy: r.paid_by,
    shares: sharesFromColumn(r.shares),
    version: r.version,
  };
}

/**
 * The columns of a transaction row (the repository and bulk loading share this mapping). The
 * pocket is not among them: inserts add `pocketColumn`, and an edit keeps the row's pocket unless
 * it changes the currency (`keptPocket`).
 */
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
  ...(t.paidBy === undefined ? {} : { paid_by: t.paidBy }),
  ...(t.shares === undefined ? {} : { shares: sharesToColumn(t.shares) }),
});

/** A stored conversion (each amount in its own currency). */
export interface ConversionRow {
  id: number;
  fromAmount: Minor;
  fromCurrency: string;
  toAmount: Minor;
  toCurrency: string;
  description: string;
  time: number;
  day: number;
  /** The pockets the money leaves and enters (DESIGN §4); null or absent = the currency's default pocket. */
  fromPocketId?: number | null;
  toPocketId?: number | null;
  /** Who entered it, as read (issue 34); writes stamp their actor instead (row-store.ts). */
  createdBy?: number | null;
  /** As read (migration 0040). */
  version?: number;
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
    fromPocketId: r.from_pocket_id,
    toPocketId: r.to_pocket_id,
    createdBy: r.created_by,
    version: r.version,
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

/** The pocket column of a new transaction row. */
export const pocketColumn = (t: Pick<TransactionRow, 'pocketId'>) => ({ pocket_id: t.pocketId ?? null });

/** The pocket columns of a new conversion row. */
export const conversionPocketColumns = (c: Pick<ConversionRow, 'fromPocketId' | 'toPocketId'>) => ({
  from_pocket_id: c.fromPocketId ?? null,
  to_pocket_id: c.toPocketId ?? null,
});

/**
 * An edit keeps a row's pocket while its currency stays (SET reads the row as it was); a row
 * moved to another currency leaves a pocket of the old one for the new currency's default pocket.
 */
export const keptPocket = (column: 'currency' | 'from_currency' | 'to_currency', currency: string, pocket: string) =>
  sql<number | null>`case when ${sql.ref(column)} = ${currency} then ${sql.ref(pocket)} else null end`;

/** Stated balances per fixpoint and currency, from state rows. */
export function statedPerCurrency(states: readonly StateRow[]): Map<number, PerCurrency> {
  const byFixpoint = new Map<number, PerCurrency>();
  for (const s of states) {
    const stated = byFixpoint.get(s.fixpointId) ?? new Map<string, bigint>();
    stated.set(s.currency, (stated.get(s.currency) ?? 0n) + BigInt(s.balance));
    byFixpoint.set(s.fixpointId, stated);
  }
  return byFixpoint;
}
