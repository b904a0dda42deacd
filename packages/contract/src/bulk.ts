import { z } from 'zod';
import { descriptionSchema, idSchema } from './common.js';
import { MAX_BULK_IDS } from './paths.js';

export const bulkActions = ['delete', 'update'] as const;
export type BulkAction = (typeof bulkActions)[number];

/**
 * POST transaction/bulk: one database transaction, all or nothing. `update` needs `changes` with
 * at least one field; an id that is not the user's is a 404 and nothing is written.
 */
export const bulkRequestSchema = z
  .object({
    ids: z
      .array(idSchema, { error: 'must be a list of transaction ids' })
      .min(1, 'must hold at least one id')
      .max(MAX_BULK_IDS, `must hold at most ${MAX_BULK_IDS} ids`),
    action: z.enum(bulkActions, { error: 'must be delete or update' }),
    changes: z
      .object({
        categoryId: idSchema.optional(),
        // Without the shared schema's default (''): a change names only what it changes.
        description: descriptionSchema.unwrap().optional(),
      })
      .optional(),
  })
  .refine((b) => b.action !== 'update' || (b.changes !== undefined && Object.keys(b.changes).length > 0), {
    message: 'must name a categoryId or a description to change',
    path: ['changes'],
  });
export type BulkRequest = z.infer<typeof bulkRequestSchema>;
export type BulkRequestBody = z.input<typeof bulkRequestSchema>;

/** The answer of transaction/bulk, transaction/delete and conversion/delete: what changed, and the token that reverts it. */
export const undoableSchema = z.object({
  count: z.number(),
  undo: z.string(),
});
export type Undoable = z.infer<typeof undoableSchema>;

/** The answer of POST undo/{token}: how many rows were put back as they were. */
export const undoResultSchema = z.object({ count: z.number() });
export type UndoResult = z.infer<typeof undoResultSchema>;
