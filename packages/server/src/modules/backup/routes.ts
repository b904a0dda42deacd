import {
  backupDocumentSchema,
  backupRestoreQuerySchema,
  backupRestoreResultSchema,
  type BackupDocument,
  type BackupRestoreResult,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import type { HeavyJobs } from '../../http/heavy-jobs.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, denyDemo, type RequireUser } from '../auth/guard.js';
import type { Resolved } from './resolve.js';
import type { BackupService } from './service.js';
import { docs } from '../../http/openapi.js';

/** Largest backup document restore accepts: years of books fit well below it. */
export const BACKUP_BODY_LIMIT = 50 * 1024 * 1024;

/** Reads a restore's raw JSON body into the rows it restores (on a worker thread, app.ts). */
export type ReadBackupBody = (body: Uint8Array) => Promise<Resolved>;

export async function backupRoutes(
  app: FastifyInstance,
  service: BackupService,
  requireUser: RequireUser,
  heavy: { jobs: HeavyJobs; read: ReadBackupBody },
): Promise<void> {
  // Not `doc`: the handler below names the backup document so.
  const routeDoc = docs('Backup');
  app.get(
    '/api/backup/get',
    {
      preHandler: requireUser,
      schema: routeDoc({
        summary: 'The books as a versioned JSON document (a download)',
        response: backupDocumentSchema,
        asInput: true,
      }),
    },
    async (request, reply): Promise<BackupDocument> => {
      const doc = await service.backup(bookOf(request).id);
      void reply.header(
        'content-disposition',
        `attachment; filename="kassa-backup-${doc.exportedAt.slice(0, 10)}.json"`,
      );
      return doc;
    },
  );
  // The body stays bytes here: a 50 MB document took seconds of the event loop to parse and check
  // (JSON.parse, then the schema), so both happen on a worker thread (heavy.read).
  await app.register((scope, _options, registered) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BACKUP_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    scope.post(
      '/api/backup/restore',
      {
        preHandler: [requireUser, denyDemo],
        bodyLimit: BACKUP_BODY_LIMIT,
        schema: routeDoc({
          summary: 'Restore a backup document in one database transaction',
          querystring: backupRestoreQuerySchema,
          body: backupDocumentSchema,
          response: backupRestoreResultSchema,
        }),
      },
      (request): Promise<BackupRestoreResult> => {
        const { replace } = parseOr400(backupRestoreQuerySchema, request.query, 'query');
        const userId = bookOf(request).id;
        const body = request.body instanceof Uint8Array ? request.body : new Uint8Array();
        return heavy.jobs.run(userId, 'this restore', async () =>
          service.restoreRead(userId, await heavy.read(body), { replace }),
        );
      },
    );
    registered();
  });
}
