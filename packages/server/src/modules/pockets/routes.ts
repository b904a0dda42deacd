import {
  addCurrencyRequestSchema,
  newPocketSchema,
  newPocketsSchema,
  pocketGroupSchema,
  pocketSchema,
  updatePocketSchema,
  userCurrencySchema,
  type Pocket,
  type PocketGroup,
  type UserCurrencyDto,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { PocketsService } from './service.js';
import { docs } from '../../http/openapi.js';

export function pocketRoutes(app: FastifyInstance, service: PocketsService, requireUser: RequireUser): void {
  const doc = docs('Pockets');
  const opts = { preHandler: requireUser };
  app.get(
    '/api/pocket/getall',
    { ...opts, schema: doc({ summary: 'Pockets', response: z.array(pocketSchema) }) },
    (request): Promise<Pocket[]> => service.list(bookOf(request).id),
  );
  app.get(
    '/api/pocket/getall-grouped',
    { ...opts, schema: doc({ summary: 'Pockets grouped by currency', response: z.array(pocketGroupSchema) }) },
    (request): Promise<PocketGroup[]> => service.grouped(bookOf(request).id),
  );
  app.post(
    '/api/pocket/add',
    { ...opts, schema: doc({ summary: 'Add a pocket', body: newPocketSchema, response: pocketSchema }) },
    (request): Promise<Pocket> => service.add(bookOf(request).id, parseOr400(newPocketSchema, request.body)),
  );
  app.post(
    '/api/pocket/addmany',
    {
      ...opts,
      schema: doc({ summary: 'Add several pockets', body: newPocketsSchema, response: z.array(pocketSchema) }),
    },
    (request): Promise<Pocket[]> => service.addMany(bookOf(request).id, parseOr400(newPocketsSchema, request.body)),
  );
  app.post(
    '/api/pocket/update',
    { ...opts, schema: doc({ summary: 'Change a pocket', body: updatePocketSchema, response: pocketSchema }) },
    (request): Promise<Pocket> => service.update(bookOf(request).id, parseOr400(updatePocketSchema, request.body)),
  );
  // A currency is added together with its pockets, so its route lives with them.
  app.post(
    '/api/currency/add',
    {
      preHandler: requireUser,
      schema: doc({
        summary: 'Add a currency with its pockets',
        body: addCurrencyRequestSchema,
        response: userCurrencySchema,
      }),
    },
    (request): Promise<UserCurrencyDto> =>
      service.addCurrency(bookOf(request).id, parseOr400(addCurrencyRequestSchema, request.body)),
  );
}
