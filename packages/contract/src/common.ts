import { z } from 'zod';
import { MAX_INSTANT, MAX_LIST_ROWS, MIN_INSTANT } from './paths.js';
import { cleanText } from './text.js';

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

const VERSION = 'must be a positive integer version';
/**
 * A row's version (issue 36): 1 when entered, one more with every change. An edit or delete that
 * names one is refused (409 version_conflict) when the row has changed since.
 */
export const versionSchema = z.number({ error: VERSION }).int(VERSION).positive(VERSION).max(MAX_ID, VERSION);

/** `?version=N` on a delete: the version the delete was decided on (absent: whatever it is now). */
export const versionQuerySchema = z.object({
  version: z.coerce.number({ error: VERSION }).int(VERSION).positive(VERSION).max(MAX_ID, VERSION).optional(),
});

const INSTANT_RANGE = 'must be between 1900-01-01 and 2199-12-31';
/** An epoch-ms instant within MIN_INSTANT..MAX_INSTANT. */
export const boundedInstantSchema = z.number().min(MIN_INSTANT, INSTANT_RANGE).max(MAX_INSTANT, INSTANT_RANGE);

/** An instant: ISO 8601 with a zone ("2026-11-21T10:00:00Z", "…+01:00"); parsed to epoch ms. */
export const instantSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone, e.g. 2026-11-21T10:00:00Z' })
  .transform((s) => Date.parse(s))
  .pipe(boundedInstantSchema);

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

/** One-line text that may be empty (a last name): cleaned (text.ts), at most `max` characters. */
export const lineSchema = (max: number) =>
  z
    .string()
    .overwrite((text) => cleanText(text))
    .max(max, `must be at most ${max} characters`);

/** A name (category, pocket, person, token): one line, cleaned (text.ts), required, at most `max` characters. */
export const nameSchema = (max = 100) =>
  z
    .string()
    .overwrite((text) => cleanText(text))
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/** A description: cleaned (text.ts) keeping its line breaks, at most 500 characters, empty when absent. */
export const descriptionSchema = z
  .string()
  .overwrite((text) => cleanText(text, 'lines'))
  .max(500, 'must be at most 500 characters')
  .default('');

/** The longest interval analytics computes in one call: a century of months is 1,200 buckets. */
export const MAX_ANALYTICS_YEARS = 100;

const intervalShape = { start: instantSchema, end: instantSchema };
const startNotAfterEnd = { message: 'start must not be after end', path: ['start'] };

/** spec §3 Time interval; both ends inclusive. */
export const intervalSchema = z.object(intervalShape).refine((i) => i.start <= i.end, startNotAfterEnd);
export type IntervalInput = z.input<typeof intervalSchema>;

const LIMIT = `must be an integer from 1 to ${MAX_LIST_ROWS}`;
/** Rows per page a list may be asked for; absent means MAX_LIST_ROWS. */
export const pageLimitSchema = z.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(MAX_LIST_ROWS, LIMIT);

/** Keyset paging: the last row received; the next page holds only rows strictly older (time, then id). */
export const afterSchema = z.object({ time: instantSchema, id: idSchema });
export type After = z.infer<typeof afterSchema>;
/** What a client sends as `after`: the last row's `time` and `id` as it received them. */
export type AfterBody = z.input<typeof afterSchema>;

/**
 * conversion/getbetween and fixpoint/getbetween: the interval, with optional keyset paging
 * (`limit`, and `after` = the last row received). Without `limit` the first MAX_LIST_ROWS rows.
 */
export const pagedIntervalSchema = z
  .object({ ...intervalShape, limit: pageLimitSchema.optional(), after: afterSchema.optional() })
  .refine((i) => i.start <= i.end, startNotAfterEnd);
export type PagedInterval = z.infer<typeof pagedIntervalSchema>;
export type PagedIntervalBody = z.input<typeof pagedIntervalSchema>;

/** An analytics interval: as intervalSchema, at most MAX_ANALYTICS_YEARS long. */
export const analyticsIntervalSchema = intervalSchema.refine(
  (i) => i.end - i.start < Date.UTC(1970 + MAX_ANALYTICS_YEARS, 0, 1),
  { message: `an interval may span at most ${MAX_ANALYTICS_YEARS} years`, path: ['end'] },
);

/** spec §3 Money amount. */
export const moneyAmountSchema = z.object({ amount: z.number(), currency: z.string() });
export type MoneyAmount = z.infer<typeof moneyAmountSchema>;

/** A member who entered or changed a row, as answers name them (issue 34: shared books). */
export const enteredBySchema = z.object({ userId: z.number().int(), name: z.string() });
export type EnteredBy = z.infer<typeof enteredBySchema>;
