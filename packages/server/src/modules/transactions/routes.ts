import {
  addTransactionSchema,
  bulkRequestSchema,
  categoryPageQuerySchema,
  idParamSchema,
  versionQuerySchema,
  moneyAmountSchema,
  transactionFilterSchema,
  transactionSchema,
  updateTransactionSchema,
  type MoneyAmount,
  type Transaction,
  type Undoable,
  undoableSchema,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { docs } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { TransactionsService } from './service.js';

export function transactionRoutes(app: FastifyInstance, service: TransactionsService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  const doc = docs('Transactions');
  const id = (params: unknown) => parseOr400(idParamSchema, params, 'id').id;

  app.get(
    '/api/transaction/getbyid/:id',
    { ...opts, schema: doc({ summary: 'One transaction', params: idParamSchema, response: transactionSchema }) },
    (request): Promise<Transaction> => service.get(bookOf(request), id(request.params)),
  );
  app.post(
    '/api/transaction/getfiltered',
    {
      ...opts,
      schema: doc({
        summary: 'Transactions matching a filter, newest first (keyset paging)',
        body: transactionFilterSchema,
        response: z.array(transactionSchema),
        paged: true,
      }),
    },
    async (request, reply): Promise<Transaction[]> =>
      sendPage(reply, await service.filtered(bookOf(request), parseOr400(transactionFilterSchema, request.body ?? {}))),
  );
  app.get(
    '/api/transaction/getallincat/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Transactions of a category, newest first (keyset paging)',
        params: idParamSchema,
        querystring: categoryPageQuerySchema,
        response: z.array(transactionSchema),
        paged: true,
      }),
    },
    async (request, reply): Promise<Transaction[]> => {
      const categoryId = id(request.params);
      const page = parseOr400(categoryPageQuerySchema, request.query, 'query');
      return sendPage(reply, await service.inCategory(bookOf(request), categoryId, page));
    },
  );
  app.post(
    '/api/transaction/getconvertedsum',
    {
      ...opts,
      schema: doc({
        summary: 'Sum of the filtered transactions in the main currency',
        body: transactionFilterSchema,
        response: moneyAmountSchema,
      }),
    },
    (request): Promise<MoneyAmount> =>
      service.convertedSum(bookOf(request), parseOr400(transactionFilterSchema, request.body ?? {})),
  );
  app.post(
    '/api/transaction/add',
    { ...opts, schema: doc({ summary: 'Add a transaction', body: addTransactionSchema, response: transactionSchema }) },
    (request): Promise<Transaction> => service.add(bookOf(request), parseOr400(addTransactionSchema, request.body)),
  );
  app.post(
    '/api/transaction/update',
    {
      ...opts,
      schema: doc({ summary: 'Change a transaction', body: updateTransactionSchema, response: transactionSchema }),
    },
    (request): Promise<Transaction> => {
      const body = parseOr400(updateTransactionSchema, request.body);
      return service.update(bookOf(request), body.id, body, body.version);
    },
  );
  app.delete(
    '/api/transaction/delete/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Delete a transaction (answers the token that undoes it)',
        params: idParamSchema,
        querystring: versionQuerySchema,
        response: undoableSchema,
      }),
    },
    (request): Promise<Undoable> =>
      service.delete(bookOf(request), id(request.params), parseOr400(versionQuerySchema, request.query).version),
  );
  app.post(
    '/api/transaction/bulk',
    {
      ...opts,
      schema: doc({
        summary: 'Delete or change many transactions at once, all or nothing (answers the token that undoes it)',
        body: bulkRequestSchema,
        response: undoableSchema,
      }),
    },
    (request): Promise<Undoable> => service.bulk(bookOf(request), parseOr400(bulkRequestSchema, request.body)),
  );
}
