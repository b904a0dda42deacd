import { z } from 'zod';
import {
  amountInputSchema,
  currencyCodeSchema,
  descriptionSchema,
  enteredBySchema,
  idSchema,
  instantSchema,
  versionSchema,
} from './common.js';

/** A conversion as returned. */
export const conversionSchema = z.object({
  id: z.number(),
  userId: z.number(),
  fromAmount: z.number(),
  fromCurrency: z.string(),
  toAmount: z.number(),
  toCurrency: z.string(),
  description: z.string(),
  time: z.string(),
  /** Who entered it (issue 34: members of a shared book); null when not known (a former member). */
  createdBy: enteredBySchema.nullable().optional(),
  /** 1 when entered, one more with every change (issue 36). */
  version: z.number().int(),
});
export type Conversion = z.infer<typeof conversionSchema>;

const conversionInput = z.object({
  fromAmount: amountInputSchema,
  fromCurrency: currencyCodeSchema,
  toAmount: amountInputSchema,
  toCurrency: currencyCodeSchema,
  description: descriptionSchema,
  time: instantSchema,
});
export const addConversionSchema = conversionInput.extend({ id: z.null().optional() });
/** conversion/update: `version`, when given, is the one the change was made on (409 when the row changed since). */
export const updateConversionSchema = conversionInput.extend({ id: idSchema, version: versionSchema.optional() });
export type ConversionInput = z.infer<typeof conversionInput>;
/** What a client sends to conversion/add; conversion/update adds the id. */
export type ConversionBody = z.input<typeof conversionInput>;
