import {
  fixpointTimeQuerySchema,
  idParamSchema,
  pagedIntervalSchema,
  pocketBalancesSchema,
  pocketStateUpdatesSchema,
  type Fixpoint,
  type FixpointDetail,
  type FixpointError,
  type PocketStateGroup,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { sendPage } from '../../http/paging.js';
import { parseOr400 } from '../../http/validate.js';
import { denyDemo, sessionOf, type RequireUser } from '../auth/guard.js';
import type { FixpointsService } from './service.js';

export function fixpointRoutes(app: FastifyInstance, service: FixpointsService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  const id = (params: unknown) => parseOr400(idParamSchema, params, 'id').id;

  app.post('/api/fixpoint/calcerror', opts, (request): Promise<FixpointError[]> => {
    const { time } = parseOr400(fixpointTimeQuerySchema, request.query, 'query');
    return service.calcError(sessionOf(request).user.id, parseOr400(pocketBalancesSchema, request.body), time);
  });
  app.post('/api/fixpoint/set', opts, (request): Promise<FixpointDetail> => {
    const { time } = parseOr400(fixpointTimeQuerySchema, request.query, 'query');
    return service.set(sessionOf(request).user.id, parseOr400(pocketBalancesSchema, request.body), time);
  });
  app.get('/api/fixpoint/getlast', opts, (request): Promise<Fixpoint | null> =>
    service.last(sessionOf(request).user.id),
  );
  app.post('/api/fixpoint/getbetween', opts, async (request, reply): Promise<Fixpoint[]> =>
    sendPage(reply, await service.between(sessionOf(request).user.id, parseOr400(pagedIntervalSchema, request.body))),
  );
  app.get('/api/fixpoint/getbyid/:id', opts, (request): Promise<FixpointDetail> =>
    service.get(sessionOf(request).user.id, id(request.params)),
  );
  app.get('/api/fixpoint/getstates/:id', opts, (request): Promise<PocketStateGroup[]> =>
    service.states(sessionOf(request).user.id, id(request.params)),
  );
  app.delete('/api/fixpoint/delete/:id', { preHandler: [requireUser, denyDemo] }, async (request, reply) => {
    await service.delete(sessionOf(request).user.id, id(request.params));
    return reply.status(204).send();
  });
  app.post('/api/pocketstate/update', opts, async (request, reply) => {
    await service.updateStates(sessionOf(request).user.id, parseOr400(pocketStateUpdatesSchema, request.body));
    return reply.status(204).send();
  });
}
