import { z } from 'zod';
import { idSchema } from './common.js';

// How import reads a bank file (DESIGN §9): its format, encoding and CSV dialect, as a request
// gives them (import/preview's `options`) and as the preview answers what it used.

/** File formats import reads; `auto` detects from the content. CAMT.052 and .053 are read alike. */
export const importFormats = ['csv', 'ofx', 'qif', 'camt052', 'camt053', 'mt940'] as const;
export type ImportFormat = (typeof importFormats)[number];
/** What a stored batch was read from: a file format, or 'bank' for a bank connection's sync (issue 35), which no request may ask for. */
export const batchFormats = [...importFormats, 'bank'] as const;
export type BatchFormat = (typeof batchFormats)[number];

/** Text encodings a file may be read in; detected when not given. */
export const importEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-1', 'iso-8859-2'] as const;
export type ImportEncoding = (typeof importEncodings)[number];

/**
 * Date layouts of a CSV date column. D and M take one or two digits; YY is 19xx above 69, else 20xx.
 */
export const csvDateFormats = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD.MM.YY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'YYYY/MM/DD',
  'YYYYMMDD',
  'DD/MM/YY',
  'MM/DD/YY',
] as const;
export type CsvDateFormat = (typeof csvDateFormats)[number];

/** A CSV column by its header text or its 0-based index. */
export const csvColumnSchema = z.union([
  z.string().trim().min(1, 'must name a column').max(200),
  z.number().int('must be a 0-based column index').min(0, 'must be a 0-based column index').max(1000),
]);
export type CsvColumn = z.infer<typeof csvColumnSchema>;

export const csvColumnsSchema = z.object({
  date: csvColumnSchema,
  /** One signed amount column, or debit and credit columns (both given, amount absent). */
  amount: csvColumnSchema.optional(),
  debit: csvColumnSchema.optional(),
  credit: csvColumnSchema.optional(),
  description: csvColumnSchema.optional(),
  payee: csvColumnSchema.optional(),
  currency: csvColumnSchema.optional(),
  /** The bank's own id of a row (used to recognise it again). */
  id: csvColumnSchema.optional(),
  /** The running balance after each row: the statement's opening and closing balances, and a check of each row. */
  balance: csvColumnSchema.optional(),
});
export type CsvColumns = z.infer<typeof csvColumnsSchema>;

/** A CSV dialect: every field optional in a request (detected), all present in an answer. */
export const csvOptionsSchema = z.object({
  delimiter: z.enum([',', ';', '\t', '|'], { error: 'must be one of , ; tab |' }).optional(),
  decimalSeparator: z.enum(['.', ','], { error: 'must be . or ,' }).optional(),
  /** '' for none; detected with the decimal separator. */
  thousandsSeparator: z.enum(['', ',', '.', ' ', "'"], { error: "must be one of none , . space '" }).optional(),
  dateFormat: z.enum(csvDateFormats, { error: `must be one of ${csvDateFormats.join(', ')}` }).optional(),
  /** Also accepted here (DESIGN §9); the same as options.encoding. */
  encoding: z.enum(importEncodings, { error: `must be one of ${importEncodings.join(', ')}` }).optional(),
  /** Title lines before the header row. */
  skipLines: z.number().int('must be an integer').min(0, 'must not be negative').max(1000).optional(),
  columns: csvColumnsSchema.optional(),
});
export type CsvOptions = z.infer<typeof csvOptionsSchema>;

/** The JSON `options` field of import/preview. */
export const importOptionsSchema = z.object({
  pocketId: idSchema.optional(),
  format: z
    .enum(['auto', ...importFormats], { error: `must be auto or one of ${importFormats.join(', ')}` })
    .optional(),
  encoding: z.enum(importEncodings, { error: `must be one of ${importEncodings.join(', ')}` }).optional(),
  csv: csvOptionsSchema.optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;
export type ImportOptionsBody = z.input<typeof importOptionsSchema>;

/** The options a preview used: detected or as given. */
export interface ResolvedImportOptions {
  pocketId: number | null;
  format: ImportFormat;
  encoding: ImportEncoding;
  /** Present for CSV files. */
  csv?: Required<Omit<CsvOptions, 'columns'>> & { columns: CsvColumns };
  /** Where the options came from: the pocket's saved import profile, detection, or the request. */
  source: 'profile' | 'detected' | 'given';
}

// Zod schemas of the answers above, for the OpenAPI document; `satisfies` keeps each in step
// with its interface.

const resolvedCsvOptionsSchema = z.object({
  delimiter: z.enum([',', ';', '\t', '|']),
  decimalSeparator: z.enum(['.', ',']),
  thousandsSeparator: z.enum(['', ',', '.', ' ', "'"]),
  dateFormat: z.enum(csvDateFormats),
  encoding: z.enum(importEncodings),
  skipLines: z.number(),
  columns: csvColumnsSchema,
});

export const resolvedImportOptionsSchema = z.object({
  pocketId: z.number().nullable(),
  format: z.enum(importFormats),
  encoding: z.enum(importEncodings),
  csv: resolvedCsvOptionsSchema.optional(),
  source: z.enum(['profile', 'detected', 'given']),
}) satisfies z.ZodType<ResolvedImportOptions>;
