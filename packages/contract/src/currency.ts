import { z } from 'zod';
import { currencyCodeSchema, nameSchema } from './common.js';

/** GET currency/supported */
export const supportedCurrencySchema = z.object({
  code: z.string(),
  sign: z.string(),
  name: z.string(),
  decimals: z.number(),
  signBefore: z.boolean(),
});
export type SupportedCurrency = z.infer<typeof supportedCurrencySchema>;

/** GET currency/usersall item, POST currency/add result. */
export const userCurrencySchema = z.object({ code: z.string(), lastUsed: z.string() });
export type UserCurrencyDto = z.infer<typeof userCurrencySchema>;

/** A new pocket inside currency/add (its currency is the one added). */
export const newCurrencyPocketSchema = z.object({
  name: nameSchema(),
  isCash: z.boolean().default(false),
});

/** POST currency/add */
export const addCurrencyRequestSchema = z.object({
  currency: currencyCodeSchema,
  items: z.array(newCurrencyPocketSchema).max(50).default([]),
});
export type AddCurrencyRequest = z.infer<typeof addCurrencyRequestSchema>;
export type AddCurrencyBody = z.input<typeof addCurrencyRequestSchema>;
