import { z } from 'zod';

/** A calendar month, "YYYY-MM" (UTC months, as the analytics bucket them). */
export const budgetMonthSchema = z
  .string({ error: 'must be a month, e.g. 2026-11' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, e.g. 2026-11')
  .refine((m) => m >= '1900-01' && m <= '2199-12', 'must be between 1900-01 and 2199-12');

/** POST budget/get. */
export const budgetRequestSchema = z.object({ month: budgetMonthSchema });
export type BudgetRequestBody = z.input<typeof budgetRequestSchema>;

/** One month of a budget's history: what was spent, in the main currency. */
export const budgetHistoryPointSchema = z.object({ month: z.string(), spent: z.number() });
export type BudgetHistoryPoint = z.infer<typeof budgetHistoryPointSchema>;

/**
 * One expense category with a monthly limit, all amounts in the main currency (major units):
 * left = limit + carried - spent; carried is the rollover into the month (0 without rollover).
 */
export const budgetItemSchema = z.object({
  categoryId: z.number(),
  name: z.string(),
  limit: z.number(),
  spent: z.number(),
  left: z.number(),
  carried: z.number(),
  rollover: z.boolean(),
  /** What may be spent per day for the rest of the month (left / days left, never below 0); null for a past month. */
  dailyAllowance: z.number().nullable(),
  /** The 12 months ending with the asked one, oldest first. */
  history: z.array(budgetHistoryPointSchema),
});
export type BudgetItem = z.infer<typeof budgetItemSchema>;

/** Spending of a listed category that no exchange rate converts: left out of every figure, shown as such. */
export const unconvertedSpendingSchema = z.object({
  categoryId: z.number(),
  /** "YYYY-MM": the asked month, or an earlier one its history or rollover reads. */
  month: z.string(),
  currency: z.string(),
  /** In major units of `currency`. */
  amount: z.number(),
});
export type UnconvertedSpending = z.infer<typeof unconvertedSpendingSchema>;

/** The answer of budget/get. */
export const budgetSchema = z.object({
  month: z.string(),
  /** The main currency every amount is in. */
  currency: z.string(),
  /** Days of the month counted for the daily allowance (today included); null for a past month. */
  daysLeft: z.number().nullable(),
  items: z.array(budgetItemSchema),
  unconverted: z.array(unconvertedSpendingSchema),
});
export type Budget = z.infer<typeof budgetSchema>;
