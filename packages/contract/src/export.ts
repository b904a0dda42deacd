import { z } from 'zod';
import { currencyCodeSchema, idSchema, instantSchema } from './common.js';
import { categoryTypes } from './category.js';

/** What an exported row is: a transaction of its category's kind, or a conversion. */
export const exportKinds = [...categoryTypes, 'conversion'] as const;
export type ExportKind = (typeof exportKinds)[number];

/**
 * A query-string list: `?currencies=EUR,USD` or `?currencies=EUR&currencies=USD` (both, mixed,
 * or absent = any). Empty items are ignored, so a trailing comma is harmless.
 */
const listParam = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    z.array(item).max(max, `must list at most ${max} values`),
  );

const ID = 'must be a positive integer id';
const DIRECTION = 'must be in or out';
const direction = z
  .enum(['in', 'out', 'true', 'false'], { error: DIRECTION })
  .transform((d) => d === 'in' || d === 'true');
const KIND = `must be one of ${exportKinds.join(', ')}`;

/**
 * What the CSV does with a text cell starting with `=`, `+`, `-`, `@`, tab or CR, which a
 * spreadsheet would run as a formula (OWASP "CSV Injection"): `escape` (the default) writes it
 * after a `'`, so it shows as text; `keep` writes it as stored, for programs that read the file.
 * Numeric columns are never changed.
 */
export const csvFormulaModes = ['escape', 'keep'] as const;
export type CsvFormulaMode = (typeof csvFormulaModes)[number];

/**
 * GET export/csv: the transaction list's filters (transactionFilterSchema) as query parameters,
 * e.g. `?start=2026-01-01T00:00:00Z&end=2026-12-31T23:59:59Z&categoryIds=3,4&currencies=USD
 * &directions=out&types=real,conversion`. Every parameter is optional; an empty list means any.
 * `types` names row kinds (exportKinds). Conversions have no category or direction, so a
 * categoryIds or directions filter leaves them out; a currencies filter keeps a conversion when
 * either of its currencies is listed. `formulas` (csvFormulaModes) says what happens to text that a
 * spreadsheet would run as a formula.
 */
export const exportCsvQuerySchema = z
  .object({
    start: instantSchema.optional(),
    end: instantSchema.optional(),
    categoryIds: listParam(
      z
        .string()
        .regex(/^\d{1,10}$/, ID)
        .transform(Number)
        .pipe(idSchema),
      1000,
    ),
    currencies: listParam(currencyCodeSchema, 200),
    directions: listParam(direction, 2),
    types: listParam(z.enum(exportKinds, { error: KIND }), exportKinds.length),
    /** User ids of the members who entered the rows (issue 34). */
    enteredBy: listParam(
      z
        .string()
        .regex(/^\d{1,10}$/, ID)
        .transform(Number)
        .pipe(idSchema),
      100,
    ),
    // Absent means escape; optional rather than defaulted, so code that builds a query need not name it.
    formulas: z.enum(csvFormulaModes, { error: `must be ${csvFormulaModes.join(' or ')}` }).optional(),
  })
  .strict()
  .refine((q) => q.start === undefined || q.end === undefined || q.start <= q.end, {
    message: 'start must not be after end',
    path: ['start'],
  });
export type ExportCsvQuery = z.infer<typeof exportCsvQuerySchema>;

/** The CSV's columns, in order (docs/DECISIONS.md "Export"). */
export const exportCsvColumns = [
  'date',
  'time',
  'kind',
  'type',
  'direction',
  'category',
  'description',
  'currency',
  'amount',
  'to_currency',
  'to_amount',
  'main_currency',
  'amount_main',
  'rate',
  'rate_day',
  'id',
] as const;
