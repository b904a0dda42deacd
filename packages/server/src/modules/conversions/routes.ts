import {
  addConversionSchema,
  conversionSchema,
  idParamSchema,
  versionQuerySchema,
  pagedIntervalSchema,
  undoableSchema,
  updateConversionSchema,
  type Conversion,
  type Undoable,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendPage } from '../../http/paging.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { ConversionsService } from './service.js';
import { docs } from '../../http/openapi.js';

export function conversionRoutes(app: FastifyInstance, service: ConversionsService, requireUser: RequireUser): void {
  const doc = docs('Conversions');
  const opts = { preHandler: requireUser };
  const id = (params: unknown) => parseOr400(idParamSchema, params, 'id').id;

  app.get(
    '/api/conversion/getbyid/:id',
    { ...opts, schema: doc({ summary: 'One conversion', params: idParamSchema, response: conversionSchema }) },
    (request): Promise<Conversion> => service.get(bookOf(request).id, id(request.params)),
  );
  app.post(
    '/api/conversion/getbetween',
    {
      ...opts,
      schema: doc({
        summary: 'Conversions of an interval, newest first (keyset paging)',
        body: pagedIntervalSchema,
        response: z.array(conversionSchema),
        paged: true,
      }),
    },
    async (request, reply): Promise<Conversion[]> =>
      sendPage(reply, await service.between(bookOf(request).id, parseOr400(pagedIntervalSchema, request.body))),
  );
  app.post(
    '/api/conversion/add',
    { ...opts, schema: doc({ summary: 'Add a conversion', body: addConversionSchema, response: conversionSchema }) },
    (request): Promise<Conversion> => {
      const book = bookOf(request);
      return service.add(book.id, parseOr400(addConversionSchema, request.body), book.actorId);
    },
  );
  app.post(
    '/api/conversion/update',
    {
      ...opts,
      schema: doc({ summary: 'Change a conversion', body: updateConversionSchema, response: conversionSchema }),
    },
    (request): Promise<Conversion> => {
      const body = parseOr400(updateConversionSchema, request.body);
      const book = bookOf(request);
      return service.update(book.id, body.id, body, book.actorId, body.version);
    },
  );
  app.delete(
    '/api/conversion/delete/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Delete a conversion (answers the token that undoes it)',
        params: idParamSchema,
        querystring: versionQuerySchema,
        response: undoableSchema,
      }),
    },
    (request): Promise<Undoable> =>
      service.delete(bookOf(request).id, id(request.params), parseOr400(versionQuerySchema, request.query).version),
  );
}
