import { z } from 'zod';
import {
  amountInputSchema,
  currencyCodeSchema,
  descriptionSchema,
  enteredBySchema,
  idSchema,
  instantSchema,
  intervalSchema,
} from './common.js';

// Settling up in a shared book (issue 34): an expense split among members by weights, who paid
// it, what each owes, and the money members give each other to square up.

/** The most members one expense may be split among. */
export const MAX_SHARES = 50;

const WEIGHT = 'must be a whole number from 1 to 1000';
/** A member's part of a split expense: `weight` of the sum of the row's weights (equal: all 1). */
export const shareSchema = z.object({
  userId: idSchema,
  weight: z.number({ error: WEIGHT }).int(WEIGHT).min(1, WEIGHT).max(1000, WEIGHT),
});
export type Share = z.infer<typeof shareSchema>;

/** The members an expense is split among, each once. */
export const sharesSchema = z
  .array(shareSchema)
  .min(1, 'must name at least one member')
  .max(MAX_SHARES, `must name at most ${MAX_SHARES} members`)
  .refine((shares) => new Set(shares.map((s) => s.userId)).size === shares.length, 'must name each member once');

/** A figure per currency, major units. */
export const currencyFigureSchema = z.object({ currency: z.string(), amount: z.number() });
export type CurrencyFigure = z.infer<typeof currencyFigureSchema>;

/** POST analytics/settle-up */
export const settleUpRequestSchema = z.object({ interval: intervalSchema });
export type SettleUpRequest = z.infer<typeof settleUpRequestSchema>;
export type SettleUpRequestBody = z.input<typeof settleUpRequestSchema>;

/** What each member paid, their fair share, what they settled and their balance (> 0: is owed). */
export const settleUpMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  /** false: no longer a member of the book (their expenses still count). */
  isMember: z.boolean(),
  paid: z.array(currencyFigureSchema),
  share: z.array(currencyFigureSchema),
  /** Settlements given less settlements received. */
  settled: z.array(currencyFigureSchema),
  /** paid - share + settled, per currency. */
  balance: z.array(currencyFigureSchema),
  /** The same in the main currency, each expense and settlement at its own day's rate. */
  main: z.object({ paid: z.number(), share: z.number(), settled: z.number(), balance: z.number() }),
});
export type SettleUpMember = z.infer<typeof settleUpMemberSchema>;

/** One payment that settles balances, in the main currency. */
export const settleUpTransferSchema = z.object({
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  amount: z.number(),
  currency: z.string(),
});
export type SettleUpTransfer = z.infer<typeof settleUpTransferSchema>;

/** A recorded settlement: money one member gave another. */
export const settlementSchema = z.object({
  id: z.number().int(),
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  /** In the main currency at the rate of its day. */
  convertedAmount: z.number(),
  time: z.string(),
  description: z.string(),
  createdBy: enteredBySchema.nullable(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const settleUpSchema = z.object({
  mainCurrency: z.string(),
  /** Split expenses in the interval. */
  expenses: z.number().int(),
  /** Every member of the book, and anyone else who paid, shared or settled in the interval. */
  members: z.array(settleUpMemberSchema),
  /** The fewest payments that bring every main-currency balance to 0. */
  transfers: z.array(settleUpTransferSchema),
  /** Settlements recorded in the interval, newest first. */
  settlements: z.array(settlementSchema),
});
export type SettleUp = z.infer<typeof settleUpSchema>;

/** POST settlement/add */
export const settlementInputSchema = z
  .object({
    fromUserId: idSchema,
    toUserId: idSchema,
    /** Positive. */
    amount: amountInputSchema,
    currency: currencyCodeSchema,
    time: instantSchema,
    description: descriptionSchema,
  })
  .refine((s) => s.fromUserId !== s.toUserId, { message: 'must differ from fromUserId', path: ['toUserId'] });
export type SettlementInput = z.infer<typeof settlementInputSchema>;
export type SettlementBody = z.input<typeof settlementInputSchema>;
