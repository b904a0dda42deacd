import { z } from 'zod';
import { MAX_LIST_ROWS } from './paths.js';
import {
  afterSchema,
  MAX_ID,
  amountInputSchema,
  currencyCodeSchema,
  descriptionSchema,
  enteredBySchema,
  idSchema,
  versionSchema,
  instantSchema,
  intervalSchema,
  pageLimitSchema,
} from './common.js';
import { categoryTypes } from './category.js';
import { sharesSchema } from './settle-up.js';

export const businessTypes = ['invest', 'pnl', 'realize'] as const;
export type BusinessType = (typeof businessTypes)[number];

/** What a list row stands for: the spec routes transaction, loan and invest rows to the transaction editor. */
export const rowTypes = ['transaction', 'loan', 'invest'] as const;

/** A transaction as returned. */
export const transactionSchema = z.object({
  id: z.number(),
  isIncome: z.boolean(),
  /** Major units, positive; the direction carries the sign. */
  amount: z.number(),
  currency: z.string(),
  categoryId: z.number(),
  description: z.string(),
  time: z.string(),
  categType: z.enum(categoryTypes),
  type: z.enum(businessTypes).nullable(),
  rowType: z.enum(rowTypes),
  /** The amount in the main currency at the rate of the transaction's day. */
  convertedAmount: z.number().optional(),
  convertedCurrency: z.string().optional(),
  /** In listings: whether the row is at or before the last fixpoint (shown as before-fix). */
  beforeFix: z.boolean().optional(),
  /** Who entered it (issue 34: members of a shared book); null when not known (a former member). */
  createdBy: enteredBySchema.nullable().optional(),
  /** A split expense of a shared book: the member who paid it (user id) and the members' weights. */
  paidBy: z.number().int().nullable().optional(),
  shares: sharesSchema.nullable().optional(),
  /** 1 when entered, one more with every change (issue 36). */
  version: z.number().int(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** POST transaction/add (no id) and transaction/update (with id). */
export const transactionInputSchema = z.object({
  amount: amountInputSchema,
  currency: currencyCodeSchema,
  categoryId: idSchema,
  description: descriptionSchema,
  time: instantSchema,
  /** Required for loan, business and external; real transactions take it from the category. */
  isIncome: z.boolean().nullable().optional(),
  /** Business only; defaults to invest. */
  type: z.enum(businessTypes, { error: 'must be invest, pnl or realize' }).nullable().optional(),
  /**
   * A shared book's expense split among members (issue 34): `shares` names each member's weight
   * (equal: all 1), `paidBy` who paid (default: the member who enters it). null: not split; on
   * update, absent keeps what the row has.
   */
  paidBy: idSchema.nullable().optional(),
  shares: sharesSchema.nullable().optional(),
});
export const addTransactionSchema = transactionInputSchema.extend({ id: z.null().optional() });
/** transaction/update: `version`, when given, is the one the change was made on (409 when the row changed since). */
export const updateTransactionSchema = transactionInputSchema.extend({
  id: idSchema,
  version: versionSchema.optional(),
});
export type TransactionInput = z.infer<typeof transactionInputSchema>;
/** What a client sends to transaction/add; transaction/update adds the id. */
export type TransactionBody = z.input<typeof transactionInputSchema>;

/** POST transaction/getfiltered and getconvertedsum: every field optional; empty lists mean "any". */
export const transactionFilterSchema = z.object({
  interval: intervalSchema.nullable().optional(),
  categoryIds: z.array(idSchema).max(1000).default([]),
  currencies: z.array(currencyCodeSchema).max(200).default([]),
  /** true = income (IN), false = expense (OUT). */
  directions: z.array(z.boolean()).max(2).default([]),
  types: z.array(z.string()).default([]),
  /** User ids of the members who entered the rows (a shared book's "entered by", issue 34). */
  enteredBy: z.array(idSchema).max(100).default([]),
  /**
   * Keyset paging: at most `limit` rows (MAX_LIST_ROWS when absent), strictly older than `after`
   * (the last row received). getconvertedsum ignores both.
   */
  limit: pageLimitSchema.optional(),
  after: afterSchema.optional(),
});
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;
export type TransactionFilterBody = z.input<typeof transactionFilterSchema>;

const LIMIT = `must be an integer from 1 to ${MAX_LIST_ROWS}`;
const ID = 'must be a positive integer id';
/**
 * Query of GET transaction/getallincat/{id}: `?limit=100&afterTime=2026-11-20T10:00:00.000Z&afterId=42`,
 * the keyset paging of getfiltered in query parameters. afterTime and afterId come together (the
 * last row received); without limit the first MAX_LIST_ROWS rows.
 */
export const categoryPageQuerySchema = z
  .object({
    limit: z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(MAX_LIST_ROWS, LIMIT).optional(),
    afterTime: instantSchema.optional(),
    afterId: z.coerce.number({ error: ID }).int(ID).positive(ID).max(MAX_ID, ID).optional(),
  })
  .refine((q) => q.afterTime !== undefined || q.afterId === undefined, {
    message: 'is required with afterId (the last row received)',
    path: ['afterTime'],
  })
  .refine((q) => q.afterId !== undefined || q.afterTime === undefined, {
    message: 'is required with afterTime (the last row received)',
    path: ['afterId'],
  })
  .transform(({ limit, afterTime, afterId }) => ({
    limit,
    after: afterTime !== undefined && afterId !== undefined ? { time: afterTime, id: afterId } : undefined,
  }));
export type CategoryPageQuery = z.infer<typeof categoryPageQuerySchema>;
