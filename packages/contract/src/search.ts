import { z } from 'zod';
import { conversionSchema } from './conversion.js';
import { idSchema, instantSchema, pageLimitSchema } from './common.js';
import { cleanText } from './text.js';
import { transactionSchema } from './transaction.js';

/** What a search row is: a transaction (any kind) or a conversion. */
export const searchKinds = ['transaction', 'conversion'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** Longest search text: a few words, amounts and dates, never a document. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * The last search row received: its time, id and kind. Transactions and conversions are numbered
 * apart, so the kind tells two rows of one instant and id apart. Order: time, then transactions
 * before conversions, then id, all newest (largest) first.
 */
export const searchAfterSchema = z.object({
  time: instantSchema,
  id: idSchema,
  kind: z.enum(searchKinds, { error: 'must be transaction or conversion' }),
});
export type SearchAfter = z.infer<typeof searchAfterSchema>;

/**
 * POST transaction/search: one line of words, amounts (`12.50`, `>100`, `<=20`, `100..200`),
 * currency codes, years and month names; newest first, with the keyset paging of getfiltered
 * (`limit`, and `after` = the last row received, here with its kind).
 */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'must be a text' })
    // Cleaned as the texts it looks for were (NFC, no invisible characters), on one line.
    .overwrite((text) => cleanText(text))
    .min(1, 'must not be empty')
    .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`),
  limit: pageLimitSchema.optional(),
  after: searchAfterSchema.optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchQueryBody = z.input<typeof searchQuerySchema>;

/** A search row: a transaction as getfiltered lists it, or a conversion as getbetween does, with its kind. */
export const searchResultSchema = z.discriminatedUnion('kind', [
  transactionSchema.extend({ kind: z.literal('transaction') }),
  conversionSchema.extend({ kind: z.literal('conversion') }),
]);
export type SearchResult = z.infer<typeof searchResultSchema>;
