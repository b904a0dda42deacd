import { z } from 'zod';

/** Ids are 32-bit in PostgreSQL (integer columns): a larger number is no id of ours. */
export const MAX_ID = 2_147_483_647;

/** An id in a body. */
export const idSchema = z
  .number({ error: 'must be a positive integer id' })
  .int('must be a positive integer id')
  .positive('must be a positive integer id')
  .max(MAX_ID, 'must be a positive integer id');

/** An id in a path ("transaction/getbyid/{id}"). */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'must be a positive integer' })
    .int('must be a positive integer')
    .positive('must be a positive integer')
    .max(MAX_ID, 'must be a positive integer'),
});

/** An instant: ISO 8601 with a zone ("2026-11-21T10:00:00Z", "…+01:00"); parsed to epoch ms. */
export const instantSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone, e.g. 2026-11-21T10:00:00Z' })
  .transform((s) => Date.parse(s));

/** An amount as sent: a JSON number in major units or a "+"/"-" expression string. Checked per currency by the server. */
export const amountInputSchema = z.union([z.number(), z.string()], {
  error: 'must be a number or an expression like 12.5+3',
});

/** A currency code as sent; upper-cased. */
export const currencyCodeSchema = z
  .string({ error: 'must be a currency code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code');

/** A description: trimmed, at most 500 characters, empty when absent. */
export const descriptionSchema = z.string().trim().max(500, 'must be at most 500 characters').default('');

/** spec §3 Time interval; both ends inclusive. */
export const intervalSchema = z
  .object({ start: instantSchema, end: instantSchema })
  .refine((i) => i.start <= i.end, { message: 'start must not be after end', path: ['start'] });
export type IntervalInput = z.input<typeof intervalSchema>;

/** spec §3 Money amount. */
export const moneyAmountSchema = z.object({ amount: z.number(), currency: z.string() });
export type MoneyAmount = z.infer<typeof moneyAmountSchema>;
