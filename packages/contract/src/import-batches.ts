import { z } from 'zod';
import { enteredBySchema, type EnteredBy } from './common.js';
import { batchFormats, type BatchFormat } from './import-options.js';

// The user's import batches as import/getall lists them: previews, committed and undone files.

export const importBatchStatuses = ['preview', 'committed', 'undone'] as const;
/** Where a batch came from: a file, or a bank connection's sync (issue 35). */
export const importBatchSources = ['file', 'simplefin', 'enablebanking'] as const;
export type ImportBatchSource = (typeof importBatchSources)[number];
export type ImportBatchStatus = (typeof importBatchStatuses)[number];

export interface ImportBatch {
  id: number;
  fileName: string;
  format: BatchFormat;
  status: ImportBatchStatus;
  pocketIds: number[];
  rows: number;
  imported: number;
  createdAt: string;
  committedAt: string | null;
  undoneAt: string | null;
  /** The member who previewed the file (issue 34); null: not known. */
  createdBy: EnteredBy | null;
  source: ImportBatchSource;
  /** The bank connection whose sync made the batch; null for a file (or a connection since removed). */
  connectionId: number | null;
}

// The Zod schema of the answer above, for the OpenAPI document; `satisfies` keeps it in step
// with its interface.

/** GET import/getall: one batch. */
export const importBatchSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  format: z.enum(batchFormats),
  status: z.enum(importBatchStatuses),
  pocketIds: z.array(z.number()),
  rows: z.number(),
  imported: z.number(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  createdBy: enteredBySchema.nullable(),
  source: z.enum(importBatchSources),
  connectionId: z.number().nullable(),
}) satisfies z.ZodType<ImportBatch>;
