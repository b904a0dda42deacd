import {
  addCurrencyRequestSchema,
  newPocketSchema,
  newPocketsSchema,
  updatePocketSchema,
  type Pocket,
  type PocketGroup,
  type UserCurrencyDto,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { sessionOf, type RequireUser } from '../auth/guard.js';
import type { PocketsService } from './service.js';

export function pocketRoutes(app: FastifyInstance, service: PocketsService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  app.get('/api/pocket/getall', opts, (request): Promise<Pocket[]> => service.list(sessionOf(request).user.id));
  app.get('/api/pocket/getall-grouped', opts, (request): Promise<PocketGroup[]> =>
    service.grouped(sessionOf(request).user.id),
  );
  app.post('/api/pocket/add', opts, (request): Promise<Pocket> =>
    service.add(sessionOf(request).user.id, parseOr400(newPocketSchema, request.body)),
  );
  app.post('/api/pocket/addmany', opts, (request): Promise<Pocket[]> =>
    service.addMany(sessionOf(request).user.id, parseOr400(newPocketsSchema, request.body)),
  );
  app.post('/api/pocket/update', opts, (request): Promise<Pocket> =>
    service.update(sessionOf(request).user.id, parseOr400(updatePocketSchema, request.body)),
  );
  // A currency is added together with its pockets, so its route lives with them.
  app.post('/api/currency/add', { preHandler: requireUser }, (request): Promise<UserCurrencyDto> =>
    service.addCurrency(sessionOf(request).user.id, parseOr400(addCurrencyRequestSchema, request.body)),
  );
}
