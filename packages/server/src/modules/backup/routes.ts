import {
  backupDocumentSchema,
  backupRestoreQuerySchema,
  backupRestoreResultSchema,
  type BackupDocument,
  type BackupRestoreResult,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { denyDemo, sessionOf, type RequireUser } from '../auth/guard.js';
import type { BackupService } from './service.js';
import { docs } from '../../http/openapi.js';

/** Largest backup document restore accepts: years of books fit well below it. */
export const BACKUP_BODY_LIMIT = 50 * 1024 * 1024;

export function backupRoutes(app: FastifyInstance, service: BackupService, requireUser: RequireUser): void {
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
      const doc = await service.backup(sessionOf(request).user.id);
      void reply.header(
        'content-disposition',
        `attachment; filename="kassa-backup-${doc.exportedAt.slice(0, 10)}.json"`,
      );
      return doc;
    },
  );
  app.post(
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
      return service.restore(sessionOf(request).user.id, request.body, { replace });
    },
  );
}
