import { z } from 'zod';
import { currencyCodeSchema, idSchema, nameSchema } from './common.js';

const pocketName = nameSchema();

/** A pocket as returned; balance is the latest stated balance (read only). */
export const pocketSchema = z.object({
  pocketId: z.number(),
  name: z.string(),
  currency: z.string(),
  isCash: z.boolean(),
  balance: z.number(),
});
export type Pocket = z.infer<typeof pocketSchema>;

/** GET pocket/getall-grouped */
export const pocketGroupSchema = z.object({ currency: z.string(), items: z.array(pocketSchema) });
export type PocketGroup = z.infer<typeof pocketGroupSchema>;

/** POST pocket/add, one item of POST pocket/addmany */
export const newPocketSchema = z.object({
  name: pocketName,
  currency: currencyCodeSchema,
  isCash: z.boolean().default(false),
});
export type NewPocket = z.infer<typeof newPocketSchema>;
export type NewPocketBody = z.input<typeof newPocketSchema>;

export const newPocketsSchema = z.array(newPocketSchema).min(1, 'must hold at least one pocket').max(100);

/** POST pocket/update: name and cash flag; the currency of a pocket never changes. */
export const updatePocketSchema = z.object({
  pocketId: idSchema,
  name: pocketName,
  isCash: z.boolean(),
  currency: currencyCodeSchema.optional(),
});
export type UpdatePocket = z.infer<typeof updatePocketSchema>;
export type UpdatePocketBody = z.input<typeof updatePocketSchema>;
