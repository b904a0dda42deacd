import {
  addTransactionSchema,
  categoryPageQuerySchema,
  idParamSchema,
  transactionFilterSchema,
  updateTransactionSchema,
  type MoneyAmount,
  type Transaction,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { sendPage } from '../../http/paging.js';
import { parseOr400 } from '../../http/validate.js';
import { sessionOf, type RequireUser } from '../auth/guard.js';
import type { TransactionsService } from './service.js';

export function transactionRoutes(app: FastifyInstance, service: TransactionsService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  const id = (params: unknown) => parseOr400(idParamSchema, params, 'id').id;

  app.get('/api/transaction/getbyid/:id', opts, (request): Promise<Transaction> =>
    service.get(sessionOf(request).user, id(request.params)),
  );
  app.post('/api/transaction/getfiltered', opts, async (request, reply): Promise<Transaction[]> =>
    sendPage(
      reply,
      await service.filtered(sessionOf(request).user, parseOr400(transactionFilterSchema, request.body ?? {})),
    ),
  );
  app.get('/api/transaction/getallincat/:id', opts, async (request, reply): Promise<Transaction[]> => {
    const categoryId = id(request.params);
    const page = parseOr400(categoryPageQuerySchema, request.query, 'query');
    return sendPage(reply, await service.inCategory(sessionOf(request).user, categoryId, page));
  });
  app.post('/api/transaction/getconvertedsum', opts, (request): Promise<MoneyAmount> =>
    service.convertedSum(sessionOf(request).user, parseOr400(transactionFilterSchema, request.body ?? {})),
  );
  app.post('/api/transaction/add', opts, (request): Promise<Transaction> =>
    service.add(sessionOf(request).user, parseOr400(addTransactionSchema, request.body)),
  );
  app.post('/api/transaction/update', opts, (request): Promise<Transaction> => {
    const body = parseOr400(updateTransactionSchema, request.body);
    return service.update(sessionOf(request).user, body.id, body);
  });
  app.delete('/api/transaction/delete/:id', opts, async (request, reply) => {
    await service.delete(sessionOf(request).user, id(request.params));
    return reply.status(204).send();
  });
}
