import { Readable } from 'node:stream';
import { exportCsvQuerySchema } from '@kassa/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { ExportFile, ExportService } from './service.js';
import { docs } from '../../http/openapi.js';

/** Streams a file as a download: the rows are read while the client receives them. */
function sendFile(reply: FastifyReply, file: ExportFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(file.chunks, { objectMode: false }));
}

export function exportRoutes(app: FastifyInstance, service: ExportService, requireUser: RequireUser): void {
  const doc = docs('Export');
  const opts = { preHandler: requireUser };
  app.get(
    '/api/export/csv',
    {
      ...opts,
      schema: doc({
        summary: 'CSV of the transaction list (its filters as query parameters)',
        description:
          "Text cells that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) are written after a ' " +
          'and quoted, so they show as text; amounts stay plain numbers. `formulas=keep` writes text exactly as stored.',
        querystring: exportCsvQuerySchema,
        response: { files: { 'text/csv': z.string() } },
      }),
    },
    async (request, reply) => {
      const query = parseOr400(exportCsvQuerySchema, request.query, 'query');
      return sendFile(reply, await service.csv(bookOf(request), query));
    },
  );
  app.get(
    '/api/export/hledger',
    {
      ...opts,
      schema: doc({
        summary: 'The whole books as an hledger journal',
        response: { files: { 'text/plain': z.string() } },
      }),
    },
    async (request, reply) => sendFile(reply, await service.hledger(bookOf(request))),
  );
}
