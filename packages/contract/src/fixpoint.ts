import { z } from 'zod';
import { amountInputSchema, enteredBySchema, idSchema, instantSchema } from './common.js';

/** A pocket's stated balance as sent to fixpoint/calcerror and fixpoint/set (may be 0 or negative). */
export const pocketBalanceSchema = z.object({
  pocketId: idSchema,
  balance: amountInputSchema,
});
export const pocketBalancesSchema = z.array(pocketBalanceSchema).max(1000);
export type PocketBalance = z.infer<typeof pocketBalanceSchema>;
export type PocketBalanceBody = z.input<typeof pocketBalanceSchema>;

/** Query of fixpoint/calcerror and fixpoint/set: the fixpoint's instant, default now. */
export const fixpointTimeQuerySchema = z.object({ time: instantSchema.optional() });

/** One line of a fixpoint's error review, per currency, in major units. */
export const fixpointErrorSchema = z.object({
  currency: z.string(),
  stated: z.number(),
  calculated: z.number(),
  /** stated - calculated: > 0 excess, < 0 missing. */
  error: z.number(),
  /**
   * Present (true) when the currency's books start at this fixpoint: none of the pockets it
   * states there was stated before and nothing was counted before, so the "error" is the opening
   * balance (the sign-up's start balance, a statement's opening), not money gone astray.
   */
  opening: z.literal(true).optional(),
});
export type FixpointError = z.infer<typeof fixpointErrorSchema>;

/** A fixpoint as listed, with the member who made it (issue 34; null: not known). */
export const fixpointSchema = z.object({
  id: z.number(),
  time: z.string(),
  createdBy: enteredBySchema.nullable().optional(),
});
export type Fixpoint = z.infer<typeof fixpointSchema>;

/** fixpoint/set and fixpoint/getbyid: the fixpoint with its errors per currency. */
export const fixpointDetailSchema = fixpointSchema.extend({ errors: z.array(fixpointErrorSchema) });
export type FixpointDetail = z.infer<typeof fixpointDetailSchema>;

/** fixpoint/getstates/{id}: stated pocket balances grouped per currency. */
export const pocketStateGroupSchema = z.object({
  currency: z.string(),
  items: z.array(
    z.object({
      fixpointId: z.number(),
      pocketId: z.number(),
      name: z.string(),
      isCash: z.boolean(),
      balance: z.number(),
    }),
  ),
});
export type PocketStateGroup = z.infer<typeof pocketStateGroupSchema>;

/** pocketstate/update: the flattened list of changed states. */
export const pocketStateUpdatesSchema = z
  .array(
    z.object({
      fixpointId: idSchema,
      pocketId: idSchema,
      balance: amountInputSchema,
    }),
  )
  .min(1, 'must hold at least one pocket state')
  .max(1000);
export type PocketStateUpdate = z.infer<typeof pocketStateUpdatesSchema>[number];
export type PocketStateUpdateBody = z.input<typeof pocketStateUpdatesSchema>[number];
