import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  idParamSchema,
  importBatchSchema,
  importCommitResultSchema,
  importCommitSchema,
  importPreviewSchema,
  importPreviewUploadSchema,
  importUndoResultSchema,
  IMPORT_PROGRESS_MEDIA_TYPE,
  MAX_IMPORT_BYTES,
  type ImportBatch,
  type ImportCommitResult,
  type ImportPreview,
  type ImportUndoResult,
} from '@kassa/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, unsupportedMediaType } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, denyDemo, type RequireUser } from '../auth/guard.js';
import type { HeavyJobs } from '../../http/heavy-jobs.js';
import type { ImportService } from './service.js';
import { docs } from '../../http/openapi.js';
import { progressAnswer, wantsProgress, type ReportProgress } from '../../http/progress-answer.js';
import { breather } from '../../util/breathe.js';

/** The upload of import/preview: the file's bytes and the JSON `options` field. */
async function upload(
  request: FastifyRequest,
): Promise<{ file: { name: string; bytes: Uint8Array }; options: unknown }> {
  if (!request.isMultipart())
    throw unsupportedMediaType('body: must be multipart/form-data with the statement in a field named file');
  let file: { name: string; bytes: Uint8Array } | undefined;
  let options: unknown = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // toBuffer fails with 413 past the file size limit (error-handler.ts).
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { name: part.filename, bytes };
      } else if (part.fieldname === 'options' && typeof part.value === 'string' && part.value.trim() !== '') {
        try {
          options = JSON.parse(part.value) as unknown;
        } catch {
          throw badRequest('options: is not valid JSON');
        }
      }
    }
  } catch (err) {
    // busboy's own errors carry no code: a body that is not the multipart its header announces.
    if (err instanceof Error && !('code' in err) && !(err instanceof AppError))
      throw badRequest(`body: is not a readable multipart upload (${err.message})`);
    throw err;
  }
  if (file === undefined) throw badRequest('file: is required (a multipart field named file)');
  return { file, options };
}

/** Rows per piece of the streamed preview answer. */
const ROWS_PER_PIECE = 1000;

/**
 * The preview answer as JSON text, a thousand rows at a time: a million-row answer (200 MB of
 * text) is never one string in memory beside its rows. The same JSON as JSON.stringify would
 * give, with `rows` last.
 */
export async function* previewJson(preview: ImportPreview): AsyncGenerator<string> {
  const { rows, ...rest } = preview;
  const pace = breather();
  yield `${JSON.stringify(rest).slice(0, -1)},"rows":[`;
  for (let i = 0; i < rows.length; i += ROWS_PER_PIECE) {
    // A socket that takes everything at once would have the whole answer written in one turn.
    await pace.maybe();
    yield (
      (i === 0 ? '' : ',') +
      rows
        .slice(i, i + ROWS_PER_PIECE)
        .map((r) => JSON.stringify(r))
        .join(',')
    );
  }
  yield ']}';
}

/** A small answer as one piece of JSON text. */
// eslint-disable-next-line @typescript-eslint/require-await -- an async iterable of one piece
async function* oneJson(value: unknown): AsyncGenerator<string> {
  yield JSON.stringify(value);
}

/** Import of bank files (DESIGN §9): preview, commit, undo, discard, and the list of batches. */
export async function importRoutes(
  app: FastifyInstance,
  service: ImportService,
  requireUser: RequireUser,
  jobs: HeavyJobs,
): Promise<void> {
  const doc = docs('Import');
  // Multipart only here, in this scope: every other route reads JSON alone.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
    });
    scope.post(
      '/api/import/preview',
      {
        // The demo's books are rebuilt every day; its visitors import nothing (issue 31).
        preHandler: [requireUser, denyDemo],
        bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024,
        schema: doc({
          summary: 'Read a bank file and preview its rows (nothing is written to the books)',
          multipart: importPreviewUploadSchema,
          response: importPreviewSchema,
        }),
      },
      async (request, reply) => {
        const user = bookOf(request);
        // One preview per user at a time, a few across users (http/heavy-jobs.ts); the upload is
        // read inside the turn, so waiting uploads do not pile up in memory either.
        const run = (report?: ReportProgress) =>
          jobs.run(user.id, 'this preview', async () => {
            const { file, options } = await upload(request);
            return service.preview(user, file, options, report);
          });
        if (wantsProgress(request)) {
          const lines = await progressAnswer(run, 'preview', previewJson, request.log);
          return reply.type(`${IMPORT_PROGRESS_MEDIA_TYPE}; charset=utf-8`).send(Readable.from(lines));
        }
        return reply.type('application/json; charset=utf-8').send(Readable.from(previewJson(await run())));
      },
    );
  });
  app.post(
    '/api/import/commit/:id',
    {
      preHandler: [requireUser, denyDemo],
      schema: doc({
        summary: 'Write the new rows of a previewed batch, all or nothing',
        params: idParamSchema,
        body: importCommitSchema,
        response: importCommitResultSchema,
      }),
    },
    async (request, reply): Promise<ImportCommitResult | undefined> => {
      const run = (report?: ReportProgress) =>
        service.commit(bookOf(request), parseOr400(idParamSchema, request.params, 'id').id, request.body, report);
      if (!wantsProgress(request)) return run();
      const lines = await progressAnswer(run, 'result', oneJson, request.log);
      return reply.type(`${IMPORT_PROGRESS_MEDIA_TYPE}; charset=utf-8`).send(Readable.from(lines));
    },
  );
  app.post(
    '/api/import/undo/:id',
    {
      preHandler: requireUser,
      schema: doc({
        summary: 'Remove exactly the rows a batch wrote',
        params: idParamSchema,
        response: importUndoResultSchema,
      }),
    },
    (request): Promise<ImportUndoResult> =>
      service.undo(bookOf(request), parseOr400(idParamSchema, request.params, 'id').id),
  );
  app.delete(
    '/api/import/discard/:id',
    {
      preHandler: requireUser,
      schema: doc({ summary: 'Discard a previewed batch', params: idParamSchema, response: 'none' }),
    },
    async (request, reply) => {
      await service.discard(bookOf(request), parseOr400(idParamSchema, request.params, 'id').id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/import/getall',
    { preHandler: requireUser, schema: doc({ summary: 'Import batches', response: z.array(importBatchSchema) }) },
    (request): Promise<ImportBatch[]> => service.list(bookOf(request)),
  );
}
