import { z } from 'zod';
import {
  importFormats,
  importOptionsSchema,
  resolvedImportOptionsSchema,
  type ImportFormat,
  type ResolvedImportOptions,
} from './import-options.js';

// Import of bank files (DESIGN §9, docs/DECISIONS.md "Import"). One uploaded file is one batch:
// previewed (parsed, checked, stored), then committed as it was shown, and undoable. Here: the
// preview and the limits on files; how a file is read is in import-options.ts, what follows the
// preview in import-commit.ts, import-batches.ts and import-progress.ts.

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

// Zod schemas of the answers above, for the OpenAPI document; `satisfies` keeps each in step
// with its interface.

/** The multipart body of POST import/preview: the statement file and the JSON `options` field. */
export const importPreviewUploadSchema = z.object({
  file: z.file(),
  options: importOptionsSchema.optional(),
});

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
