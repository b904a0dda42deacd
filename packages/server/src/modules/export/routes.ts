import { Readable } from 'node:stream';
import { exportCsvQuerySchema } from '@kassa/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { sessionOf, type RequireUser } from '../auth/guard.js';
import type { ExportFile, ExportService } from './service.js';

/** Streams a file as a download: the rows are read while the client receives them. */
function sendFile(reply: FastifyReply, file: ExportFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(file.chunks, { objectMode: false }));
}

export function exportRoutes(app: FastifyInstance, service: ExportService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  app.get('/api/export/csv', opts, async (request, reply) => {
    const query = parseOr400(exportCsvQuerySchema, request.query, 'query');
    return sendFile(reply, await service.csv(sessionOf(request).user, query));
  });
  app.get('/api/export/hledger', opts, async (request, reply) =>
    sendFile(reply, await service.hledger(sessionOf(request).user)),
  );
}
