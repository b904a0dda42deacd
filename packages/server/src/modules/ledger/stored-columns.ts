// The stored columns of the two ledger tables and the stamps every insert writes, shared by the
// row store's inserts and undo's copies of rows.

/** Every column of a transaction a new row is written with, id included. */
export const TRANSACTION_COLUMNS = [
  'id',
  'user_id',
  'category_id',
  'kind',
  'business_type',
  'is_income',
  'amount',
  'currency',
  'description',
  'time',
  'day',
  'created_at',
  'updated_at',
  'pocket_id',
  'created_by',
  'updated_by',
  'paid_by',
  'shares',
] as const;

/** What undo keeps of a transaction and gives back: every column, the row's version too (migration 0040). */
export const TRANSACTION_COPY_COLUMNS = [...TRANSACTION_COLUMNS, 'version'] as const;

export const CONVERSION_COLUMNS = [
  'id',
  'user_id',
  'from_amount',
  'from_currency',
  'to_amount',
  'to_currency',
  'description',
  'time',
  'day',
  'created_at',
  'updated_at',
  'from_pocket_id',
  'to_pocket_id',
  'created_by',
  'updated_by',
] as const;

/** What undo keeps of a conversion and gives back, the version too. */
export const CONVERSION_COPY_COLUMNS = [...CONVERSION_COLUMNS, 'version'] as const;

type Stamped = { createdAt?: number; updatedAt?: number; createdBy?: number | null; updatedBy?: number | null };

/** When and by whom: `at` and the actor unless the row says otherwise. */
export const stamps = (r: Stamped, at: number, actor: number | null) => ({
  created_at: r.createdAt ?? at,
  updated_at: r.updatedAt ?? r.createdAt ?? at,
  created_by: r.createdBy === undefined ? actor : r.createdBy,
  updated_by: r.updatedBy === undefined ? (r.createdBy === undefined ? actor : r.createdBy) : r.updatedBy,
});
