import { z } from 'zod';
import { idSchema } from './common.js';

// Commit and undo of a previewed batch (DESIGN §9): commit writes the rows as the preview showed
// them, with the user's overrides; undo takes the batch back out of the books.

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

// Zod schemas of the answers above, for the OpenAPI document; `satisfies` keeps each in step
// with its interface.

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
