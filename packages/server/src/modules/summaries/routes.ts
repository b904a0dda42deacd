import {
  businessSummarySchema,
  idParamSchema,
  loanSummarySchema,
  type BusinessSummary,
  type LoanSummary,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { SummariesService } from './service.js';
import { docs } from '../../http/openapi.js';

export function summaryRoutes(app: FastifyInstance, service: SummariesService, requireUser: RequireUser): void {
  const doc = docs('Summaries');
  const opts = { preHandler: requireUser };
  const id = (params: unknown) => parseOr400(idParamSchema, params, 'id').id;
  app.get(
    '/api/loan/:id',
    {
      ...opts,
      schema: doc({ summary: 'Summary of a loan category', params: idParamSchema, response: loanSummarySchema }),
    },
    (request): Promise<LoanSummary> => service.loan(bookOf(request), id(request.params)),
  );
  app.get(
    '/api/business/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Summary of a business category',
        params: idParamSchema,
        response: businessSummarySchema,
      }),
    },
    (request): Promise<BusinessSummary> => service.business(bookOf(request), id(request.params)),
  );
  // A GET that writes, as the spec's client calls it; it adds transactions only through the same rules as transaction/add.
  app.get(
    '/api/business/add-latent/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Add the realisation transaction of the latent P&L (a GET that writes)',
        params: idParamSchema,
        response: businessSummarySchema,
      }),
    },
    (request): Promise<BusinessSummary> => service.addLatent(bookOf(request), id(request.params)),
  );
}
