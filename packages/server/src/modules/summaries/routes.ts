import { idParamSchema, type BusinessSummary, type LoanSummary } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { sessionOf, type RequireUser } from '../auth/guard.js';
import type { SummariesService } from './service.js';

export function summaryRoutes(app: FastifyInstance, service: SummariesService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  const id = (params: unknown) => parseOr400(idParamSchema, params, 'id').id;
  app.get('/api/loan/:id', opts, (request): Promise<LoanSummary> =>
    service.loan(sessionOf(request).user, id(request.params)),
  );
  app.get('/api/business/:id', opts, (request): Promise<BusinessSummary> =>
    service.business(sessionOf(request).user, id(request.params)),
  );
  // A GET that writes, as the spec's client calls it; it adds transactions only through the same rules as transaction/add.
  app.get('/api/business/add-latent/:id', opts, (request): Promise<BusinessSummary> =>
    service.addLatent(sessionOf(request).user, id(request.params)),
  );
}
