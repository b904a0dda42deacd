import type { Minor } from '@kassa/money';
import type { Generated } from 'kysely';

// The books: currencies, categories, pockets, transactions, conversions, fixpoints, and undo's saved rows.

export interface UserCurrenciesTable {
  user_id: number;
  code: string;
  last_used: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  type: 'real' | 'loan' | 'business' | 'external';
  description: string;
  /** 1 income, 0 expense for real categories; null for the others. */
  is_income: number | null;
  is_built_in: number;
  is_active: number;
  /** Minor units of the user's main currency; null = no limit. */
  monthly_limit: number | null;
  /** Budgets: 1 carries the month's unspent (or overspent) amount into the next (migration 0023). */
  rollover: Generated<number>;
  last_used: number;
}

export interface PocketsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  currency: string;
  is_cash: number;
  created_at: number;
}

export interface TransactionsTable {
  id: Generated<number>;
  user_id: number;
  category_id: number;
  /** The category's type, copied so listings and sums need no join. */
  kind: 'real' | 'loan' | 'business' | 'external';
  business_type: 'invest' | 'pnl' | 'realize' | null;
  is_income: number;
  /** Positive. */
  amount: Minor;
  currency: string;
  description: string;
  time: number;
  /** UTC day number of time: the day whose exchange rate applies. */
  day: number;
  created_at: number;
  updated_at: number;
  /** The pocket the row belongs to; null = its currency's default (oldest) pocket (migration 0029). */
  pocket_id: number | null;
  /** The user who entered the row, and who changed it last (migration 0034); null: not known. */
  created_by: number | null;
  updated_by: number | null;
  /** A split expense of a shared book (migration 0036): who paid it and JSON [[userId, weight], …]; null: not split. */
  paid_by: number | null;
  shares: string | null;
  /** 1 when entered, one more with every change (migration 0040): an offline edit names the one it was made on. */
  version: Generated<number>;
}

export interface ConversionsTable {
  id: Generated<number>;
  user_id: number;
  from_amount: Minor;
  from_currency: string;
  to_amount: Minor;
  to_currency: string;
  description: string;
  time: number;
  day: number;
  created_at: number;
  updated_at: number;
  /** The pockets the money leaves and enters; null = the currency's default pocket (migration 0029). */
  from_pocket_id: number | null;
  to_pocket_id: number | null;
  /** The user who entered the row, and who changed it last (migration 0034); null: not known. */
  created_by: number | null;
  updated_by: number | null;
  /** As transactions.version (migration 0040). */
  version: Generated<number>;
}

export interface FixpointsTable {
  id: Generated<number>;
  user_id: number;
  time: number;
  created_at: number;
  /** The member who made the fixpoint, and who changed its states last (migration 0035); null: not known. */
  created_by: number | null;
  updated_by: number | null;
}

export interface PocketStatesTable {
  user_id: number;
  fixpoint_id: number;
  pocket_id: number;
  balance: number;
}

/** An undoable change (migration 0025): only the token's hash is kept; it works once, until expires_at. */
export interface UndoEntriesTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the token; unique. */
  token_hash: string;
  action: 'delete' | 'update';
  /** JSON of a bulk update's changes ({categoryId?, description?}); null for a delete. */
  changes: string | null;
  count: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A transaction as it was before an undoable change: every column of `transactions`, id included. */
export interface UndoTransactionsTable extends Omit<TransactionsTable, 'id'> {
  undo_id: number;
  id: number;
}

/** A conversion as it was before an undoable change: every column of `conversions`, id included. */
export interface UndoConversionsTable extends Omit<ConversionsTable, 'id'> {
  undo_id: number;
  id: number;
}
