import { z } from 'zod';

// Progress of a long preview or commit, for clients that ask for it (a million-row file takes a while).

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
