import {
  idParamSchema,
  settleUpRequestSchema,
  settleUpSchema,
  settlementInputSchema,
  settlementSchema,
  type SettleUp,
  type Settlement,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { SettleUpService } from './service.js';
import { docs } from '../../http/openapi.js';

export function settleUpRoutes(app: FastifyInstance, service: SettleUpService, requireUser: RequireUser): void {
  const doc = docs('Settle up');
  const opts = { preHandler: requireUser };
  app.post(
    '/api/analytics/settle-up',
    {
      ...opts,
      schema: doc({
        summary: "Who paid what, each member's fair share and balance, and the fewest payments that settle it",
        body: settleUpRequestSchema,
        response: settleUpSchema,
      }),
    },
    (request): Promise<SettleUp> =>
      service.settleUp(bookOf(request), parseOr400(settleUpRequestSchema, request.body).interval),
  );
  app.post(
    '/api/settlement/add',
    {
      ...opts,
      schema: doc({
        summary: 'Record money one member gave another to settle up (moves no currency total of the book)',
        body: settlementInputSchema,
        response: settlementSchema,
      }),
    },
    (request): Promise<Settlement> =>
      service.addSettlement(bookOf(request), parseOr400(settlementInputSchema, request.body)),
  );
  app.delete(
    '/api/settlement/delete/:id',
    { ...opts, schema: doc({ summary: 'Delete a recorded settlement', params: idParamSchema, response: 'none' }) },
    async (request, reply) => {
      await service.deleteSettlement(bookOf(request), parseOr400(idParamSchema, request.params, 'id').id);
      return reply.status(204).send();
    },
  );
}
