import { z } from 'zod';
import { languages } from './paths.js';

// A person's display preferences (issue 36): the language of the texts and, apart from it, how
// numbers and dates are written. The spec's formats are the defaults; a German speaker may still
// want ISO dates, and an English speaker in Hungary may want "1 234,56".

/**
 * How an amount is written: thousands separator and decimal mark. `space_dot` is the spec's
 * "1 234.56"; the others are "1,234.56", "1.234,56", "1 234,56" and the Swiss "1'234.56".
 */
export const numberFormats = ['space_dot', 'comma_dot', 'dot_comma', 'space_comma', 'apostrophe_dot'] as const;
export type NumberFormat = (typeof numberFormats)[number];
export const DEFAULT_NUMBER_FORMAT: NumberFormat = 'space_dot';

/**
 * How a date is written: the spec's "yyyy.mm.dd." (Hungarian order), ISO 8601, and the local
 * orders of German ("dd.mm.yyyy"), British, French and Spanish ("dd/mm/yyyy") and US English.
 */
export const dateFormats = ['yyyy.mm.dd.', 'yyyy-mm-dd', 'dd.mm.yyyy', 'dd/mm/yyyy', 'mm/dd/yyyy'] as const;
export type DateFormat = (typeof dateFormats)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'yyyy.mm.dd.';

export const languageSchema = z.enum(languages, { error: `must be one of ${languages.join(', ')}` });
export const numberFormatSchema = z.enum(numberFormats, { error: `must be one of ${numberFormats.join(', ')}` });
export const dateFormatSchema = z.enum(dateFormats, { error: `must be one of ${dateFormats.join(', ')}` });

/** The preferences as userinfo answers them. `language` is null until the person chose one. */
export const preferencesSchema = z.object({
  language: languageSchema.nullable(),
  numberFormat: numberFormatSchema,
  dateFormat: dateFormatSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** POST account/preferences: any of the three; what is absent stays. Answers the whole preferences. */
export const preferencesRequestSchema = z
  .object({
    language: languageSchema.optional(),
    numberFormat: numberFormatSchema.optional(),
    dateFormat: dateFormatSchema.optional(),
  })
  .strict();
export type PreferencesRequest = z.infer<typeof preferencesRequestSchema>;
