import {
  fixpointDetailSchema,
  fixpointErrorSchema,
  fixpointSchema,
  fixpointTimeQuerySchema,
  idParamSchema,
  pagedIntervalSchema,
  pocketBalancesSchema,
  pocketStateGroupSchema,
  pocketStateUpdatesSchema,
  type Fixpoint,
  type FixpointDetail,
  type FixpointError,
  type PocketStateGroup,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendPage } from '../../http/paging.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, denyDemo, type RequireUser } from '../auth/guard.js';
import type { FixpointsService } from './service.js';
import { docs } from '../../http/openapi.js';

export function fixpointRoutes(app: FastifyInstance, service: FixpointsService, requireUser: RequireUser): void {
  const doc = docs('Fixpoints');
  const opts = { preHandler: requireUser };
  const id = (params: unknown) => parseOr400(idParamSchema, params, 'id').id;

  app.post(
    '/api/fixpoint/calcerror',
    {
      ...opts,
      schema: doc({
        summary: 'Errors of stated pocket balances against the calculated ones',
        querystring: fixpointTimeQuerySchema,
        body: pocketBalancesSchema,
        response: z.array(fixpointErrorSchema),
      }),
    },
    (request): Promise<FixpointError[]> => {
      const { time } = parseOr400(fixpointTimeQuerySchema, request.query, 'query');
      return service.calcError(bookOf(request).id, parseOr400(pocketBalancesSchema, request.body), time);
    },
  );
  app.post(
    '/api/fixpoint/set',
    {
      ...opts,
      schema: doc({
        summary: 'Save a fixpoint of stated pocket balances',
        querystring: fixpointTimeQuerySchema,
        body: pocketBalancesSchema,
        response: fixpointDetailSchema,
      }),
    },
    (request): Promise<FixpointDetail> => {
      const { time } = parseOr400(fixpointTimeQuerySchema, request.query, 'query');
      const book = bookOf(request);
      return service.set(book.id, parseOr400(pocketBalancesSchema, request.body), time, book.actorId);
    },
  );
  app.get(
    '/api/fixpoint/getlast',
    { ...opts, schema: doc({ summary: 'The last fixpoint, or null', response: fixpointSchema.nullable() }) },
    (request): Promise<Fixpoint | null> => service.last(bookOf(request).id),
  );
  app.post(
    '/api/fixpoint/getbetween',
    {
      ...opts,
      schema: doc({
        summary: 'Fixpoints of an interval, newest first (keyset paging)',
        body: pagedIntervalSchema,
        response: z.array(fixpointSchema),
        paged: true,
      }),
    },
    async (request, reply): Promise<Fixpoint[]> =>
      sendPage(reply, await service.between(bookOf(request).id, parseOr400(pagedIntervalSchema, request.body))),
  );
  app.get(
    '/api/fixpoint/getbyid/:id',
    {
      ...opts,
      schema: doc({ summary: 'One fixpoint with its errors', params: idParamSchema, response: fixpointDetailSchema }),
    },
    (request): Promise<FixpointDetail> => service.get(bookOf(request).id, id(request.params)),
  );
  app.get(
    '/api/fixpoint/getstates/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Pocket states of a fixpoint, by currency',
        params: idParamSchema,
        response: z.array(pocketStateGroupSchema),
      }),
    },
    (request): Promise<PocketStateGroup[]> => service.states(bookOf(request).id, id(request.params)),
  );
  app.delete(
    '/api/fixpoint/delete/:id',
    {
      preHandler: [requireUser, denyDemo],
      schema: doc({ summary: 'Delete a fixpoint (not for the demo user)', params: idParamSchema, response: 'none' }),
    },
    async (request, reply) => {
      await service.delete(bookOf(request).id, id(request.params));
      return reply.status(204).send();
    },
  );
  pocketStateRoutes(app, service, requireUser);
}

/** The stated balances of existing fixpoints, changed after the fact. */
function pocketStateRoutes(app: FastifyInstance, service: FixpointsService, requireUser: RequireUser): void {
  const doc = docs('Fixpoints');
  app.post(
    '/api/pocketstate/update',
    {
      preHandler: requireUser,
      schema: doc({ summary: 'Change pocket states of fixpoints', body: pocketStateUpdatesSchema, response: 'none' }),
    },
    async (request, reply) => {
      const book = bookOf(request);
      await service.updateStates(book.id, parseOr400(pocketStateUpdatesSchema, request.body), book.actorId);
      return reply.status(204).send();
    },
  );
}
