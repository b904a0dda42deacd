import { z } from 'zod';
import { idSchema } from './common.js';

// Import of bank files (DESIGN §9, docs/DECISIONS.md "Import"). One uploaded file is one batch:
// previewed (parsed, checked, stored), then committed as it was shown, and undoable.

/** Largest file import/preview accepts (DESIGN §9). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/**
 * Most rows one file may hold. The server previews every row of a file at once; past this its
 * memory would outgrow the heap the production server runs with (docs/benchmarks.md, import).
 */
export const MAX_IMPORT_ROWS = 1_000_000;

/** How long a previewed batch waits for its commit. */
export const IMPORT_PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What one user's pending previews may hold in all (issue 31): two previews of the largest file.
 * A new preview past either cap discards the user's oldest previews first, and says so.
 */
export const MAX_PENDING_PREVIEW_ROWS = 2 * 1_000_000;
/** Characters of stored preview JSON (a 1M-row preview stores about 350 MB). */
export const MAX_PENDING_PREVIEW_BYTES = 768 * 1024 * 1024;

/** Days either side within which an opposite amount in another pocket is proposed as its other leg. */
export const IMPORT_MATCH_DAYS = 3;

/** Days either side of a `remind` occurrence's posting date within which an imported row confirms it. */
export const IMPORT_SCHEDULE_DAYS = 4;

/** How far an imported row's amount may differ from a schedule's fixed amount and still confirm it (5 %). */
export const IMPORT_SCHEDULE_TOLERANCE = 0.05;

/** File formats import reads; `auto` detects from the content. CAMT.052 and .053 are read alike. */
export const importFormats = ['csv', 'ofx', 'qif', 'camt052', 'camt053', 'mt940'] as const;
export type ImportFormat = (typeof importFormats)[number];

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

export const importRowStatuses = ['new', 'duplicate', 'error'] as const;
export type ImportRowStatus = (typeof importRowStatuses)[number];

/** Why a row is a duplicate: the same bank id, the same fingerprint, a near match, or an earlier row of this file. */
export const duplicateKinds = ['id', 'fingerprint', 'near', 'file'] as const;
export type DuplicateKind = (typeof duplicateKinds)[number];

export interface ImportDuplicateOf {
  kind: DuplicateKind;
  /** The transaction already in the books (id, fingerprint, near). */
  transactionId?: number;
  /** The earlier line of this file (file). */
  line?: number;
  date?: string;
  amount?: string;
  description?: string;
}

/**
 * The other leg of a transfer (same currency: both sides are skipped) or of a conversion
 * (another currency: both become one conversion), in this file (`line`) or already in the books.
 */
export interface ImportMatch {
  kind: 'transfer' | 'conversion';
  line?: number;
  transactionId?: number;
  pocketId: number;
  date: string;
  amount: string;
  currency: string;
  description: string;
}

/**
 * A pending occurrence of a `remind` schedule that this row confirms when committed: the row
 * becomes that occurrence's posting instead of a second transaction beside it.
 */
export interface ImportScheduleMatch {
  scheduleId: number;
  /** The rule's date, the occurrence's key (schedule/confirm's `occurrence`). */
  occurrence: string;
  /** Its posting date, after the weekend rule. */
  date: string;
  /** The schedule's amount, unsigned major units; null when it asks each time. */
  amount: string | null;
  description: string;
}

export interface ImportRow {
  /** 1-based line of the file (CSV, QIF, MT940) or position of the entry (OFX, CAMT). */
  line: number;
  /** The booking day, YYYY-MM-DD ('' when unreadable). */
  date: string;
  /** Signed major units; positive is money in. */
  amount: string;
  currency: string;
  description: string;
  payee: string;
  externalId: string | null;
  /** The statement account the row belongs to (accounts[].account). */
  account: string;
  pocketId: number | null;
  status: ImportRowStatus;
  /** Why a row is an error or a duplicate, naming the line and field. */
  reason?: string;
  /** Something about the row to look at that does not keep it out (a running balance that does not follow). */
  warning?: string;
  categoryId: number | null;
  /** How the category was suggested: a rule (with its id) or the payee's last category. */
  categorySource?: 'rule' | 'payee';
  ruleId?: number;
  duplicateOf?: ImportDuplicateOf;
  match?: ImportMatch;
  /** A new row that confirms a scheduled occurrence (IMPORT_SCHEDULE_DAYS, IMPORT_SCHEDULE_TOLERANCE). */
  schedule?: ImportScheduleMatch;
}

export interface ImportAccount {
  /** The account as the file names it (IBAN, account number), or '' when it names none. */
  account: string;
  currency: string;
  pocketId: number | null;
  /** The statement's closing balance, signed major units, and its day (YYYY-MM-DD). */
  closingBalance?: string;
  closingDate?: string;
  /** The statement's opening balance, signed major units: the balance at the start of its day (YYYY-MM-DD), before the statement's first row. */
  openingBalance?: string;
  openingDate?: string;
  /**
   * What the closing balance, anchored at commit, does to the next fixpoint that states the
   * pocket (the sign-up's start balance, say): absent when there is none (issue 32).
   */
  anchorCheck?: ImportAnchorCheck;
}

/** A later fixpoint of the pocket against the statement's closing balance; signed major units. */
export interface ImportAnchorCheck {
  fixpointId: number;
  /** The later fixpoint's instant (ISO). */
  time: string;
  /** What it states for the pocket. */
  stated: string;
  /** What it will calculate once the statement anchors the pocket: the closing plus the pocket's rows after it. */
  calculated: string;
  /** stated − calculated: "0" when they agree. */
  difference: string;
}

/** The first lines of a CSV file, cut into cells, for the mapping screen. */
export interface ImportTable {
  header: string[];
  rows: string[][];
}

export interface ImportPreview {
  batchId: number;
  format: ImportFormat;
  options: ResolvedImportOptions;
  accounts: ImportAccount[];
  counts: { new: number; duplicate: number; error: number };
  rows: ImportRow[];
  /** CSV only: the header and first rows as cut with the options. */
  table?: ImportTable;
  /** Fixpoints at or after the earliest new row: their errors change when this batch is committed. */
  fixpoints: { affected: number; earliest: string | null };
  expiresAt: string;
  /**
   * Older previews of the user's that were discarded to keep this one within the caps on
   * pending previews (MAX_PENDING_PREVIEW_ROWS, MAX_PENDING_PREVIEW_BYTES), oldest first;
   * absent when none was.
   */
  discardedPreviews?: { batchId: number; fileName: string }[];
}

/** POST import/commit/{batchId}: overrides per line, and whether closing balances become a fixpoint. */
export const importCommitSchema = z.object({
  rows: z
    .array(
      z.object({
        line: z.number().int('must be a line number').positive('must be a line number'),
        categoryId: idSchema.nullable().optional(),
        /** true leaves a new row out; false imports a duplicate anyway. */
        skip: z.boolean().optional(),
        /** false rejects the proposed transfer or conversion pair (remembered for later imports). */
        match: z.boolean().optional(),
        /** false: the row does not confirm the scheduled occurrence the preview proposed (`schedule`); it is a row of its own. */
        schedule: z.boolean().optional(),
      }),
    )
    .max(1_000_000)
    .optional(),
  fixpoint: z.boolean().optional(),
});
export type ImportCommit = z.infer<typeof importCommitSchema>;
export type ImportCommitBody = z.input<typeof importCommitSchema>;

export interface ImportCommitResult {
  batchId: number;
  imported: number;
  skipped: number;
  duplicates: number;
  transfers: number;
  conversions: number;
  fixpointId: number | null;
  /**
   * Rows that were new at preview time but that another import wrote since (a second preview of
   * the same file committed first): counted in `duplicates`, not written again.
   */
  importedSincePreview: number;
}

export interface ImportUndoResult {
  batchId: number;
  /** Transactions and conversions the batch had written that were removed. */
  removed: number;
  /** Transactions an earlier import had written that this batch had replaced by a transfer or conversion, put back. */
  restored: number;
}

export const importBatchStatuses = ['preview', 'committed', 'undone'] as const;
export type ImportBatchStatus = (typeof importBatchStatuses)[number];

export interface ImportBatch {
  id: number;
  fileName: string;
  format: ImportFormat;
  status: ImportBatchStatus;
  pocketIds: number[];
  rows: number;
  imported: number;
  createdAt: string;
  committedAt: string | null;
  undoneAt: string | null;
}

// Zod schemas of the answers above, for the OpenAPI document; `satisfies` keeps each in step
// with its interface.

/** The multipart body of POST import/preview: the statement file and the JSON `options` field. */
export const importPreviewUploadSchema = z.object({
  file: z.file(),
  options: importOptionsSchema.optional(),
});

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

export const importDuplicateOfSchema = z.object({
  kind: z.enum(duplicateKinds),
  transactionId: z.number().optional(),
  line: z.number().optional(),
  date: z.string().optional(),
  amount: z.string().optional(),
  description: z.string().optional(),
}) satisfies z.ZodType<ImportDuplicateOf>;

export const importMatchSchema = z.object({
  kind: z.enum(['transfer', 'conversion']),
  line: z.number().optional(),
  transactionId: z.number().optional(),
  pocketId: z.number(),
  date: z.string(),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
}) satisfies z.ZodType<ImportMatch>;

export const importScheduleMatchSchema = z.object({
  scheduleId: z.number(),
  occurrence: z.string(),
  date: z.string(),
  amount: z.string().nullable(),
  description: z.string(),
}) satisfies z.ZodType<ImportScheduleMatch>;

export const importRowSchema = z.object({
  line: z.number(),
  date: z.string(),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  payee: z.string(),
  externalId: z.string().nullable(),
  account: z.string(),
  pocketId: z.number().nullable(),
  status: z.enum(importRowStatuses),
  reason: z.string().optional(),
  warning: z.string().optional(),
  categoryId: z.number().nullable(),
  categorySource: z.enum(['rule', 'payee']).optional(),
  ruleId: z.number().optional(),
  duplicateOf: importDuplicateOfSchema.optional(),
  match: importMatchSchema.optional(),
  schedule: importScheduleMatchSchema.optional(),
}) satisfies z.ZodType<ImportRow>;

export const importAccountSchema = z.object({
  account: z.string(),
  currency: z.string(),
  pocketId: z.number().nullable(),
  closingBalance: z.string().optional(),
  closingDate: z.string().optional(),
  openingBalance: z.string().optional(),
  openingDate: z.string().optional(),
  anchorCheck: z
    .object({
      fixpointId: z.number(),
      time: z.string(),
      stated: z.string(),
      calculated: z.string(),
      difference: z.string(),
    })
    .optional(),
}) satisfies z.ZodType<ImportAccount>;

/** POST import/preview answer. */
export const importPreviewSchema = z.object({
  batchId: z.number(),
  format: z.enum(importFormats),
  options: resolvedImportOptionsSchema,
  accounts: z.array(importAccountSchema),
  counts: z.object({ new: z.number(), duplicate: z.number(), error: z.number() }),
  rows: z.array(importRowSchema),
  table: z.object({ header: z.array(z.string()), rows: z.array(z.array(z.string())) }).optional(),
  fixpoints: z.object({ affected: z.number(), earliest: z.string().nullable() }),
  expiresAt: z.string(),
  discardedPreviews: z.array(z.object({ batchId: z.number(), fileName: z.string() })).optional(),
}) satisfies z.ZodType<ImportPreview>;

/** POST import/commit/{batchId} answer. */
export const importCommitResultSchema = z.object({
  batchId: z.number(),
  imported: z.number(),
  skipped: z.number(),
  duplicates: z.number(),
  transfers: z.number(),
  conversions: z.number(),
  fixpointId: z.number().nullable(),
  importedSincePreview: z.number(),
}) satisfies z.ZodType<ImportCommitResult>;

/** POST import/undo/{batchId} answer. */
export const importUndoResultSchema = z.object({
  batchId: z.number(),
  removed: z.number(),
  restored: z.number(),
}) satisfies z.ZodType<ImportUndoResult>;

/** GET import/getall: one batch. */
export const importBatchSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  format: z.enum(importFormats),
  status: z.enum(importBatchStatuses),
  pocketIds: z.array(z.number()),
  rows: z.number(),
  imported: z.number(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
}) satisfies z.ZodType<ImportBatch>;

/**
 * The media type import/preview and import/commit answer in when the request asks for it in
 * `accept`: one JSON object per line, `{"progress": ImportProgress}` while the server works, then
 * `{"preview": …}` / `{"result": …}`, or `{"error": ErrorBody, "status": n}` when the work fails
 * after the answer began. Failures before the first progress line keep their HTTP status.
 */
export const IMPORT_PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

/** Where the server is in a preview or a commit: rows done of the stage's total. */
export const importProgressStages = ['check', 'store', 'write'] as const;
export type ImportProgressStage = (typeof importProgressStages)[number];
export const importProgressSchema = z.object({
  /** check: comparing the file's rows with the books; store: keeping them for the commit; write: the commit. */
  stage: z.enum(importProgressStages),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;
