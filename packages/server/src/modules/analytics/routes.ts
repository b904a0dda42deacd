import {
  analyticsDateSchema,
  analyticsIntervalSchema,
  onePeriodRequestSchema,
  type BalanceHistory,
  type CategoryAmount,
  type MultiPeriod,
  type Holding,
  type NamedAsset,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { sessionOf, type RequireUser } from '../auth/guard.js';
import type { AnalyticsService } from './service.js';

export function analyticsRoutes(app: FastifyInstance, service: AnalyticsService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  app.post('/api/analytics/balances', opts, (request): Promise<NamedAsset[]> =>
    service.balances(sessionOf(request).user, parseOr400(analyticsDateSchema, request.body, 'date')),
  );
  app.post('/api/analytics/cashflow', opts, (request): Promise<NamedAsset[]> => {
    const interval = parseOr400(analyticsIntervalSchema, request.body);
    return service.cashflow(sessionOf(request).user, interval.start, interval.end);
  });
  app.post('/api/analytics/oneperiod', opts, (request): Promise<CategoryAmount[]> => {
    const body = parseOr400(onePeriodRequestSchema, request.body);
    return service.onePeriod(sessionOf(request).user, body.interval.start, body.interval.end, body.direction);
  });
  app.post('/api/analytics/balance-history', opts, (request): Promise<BalanceHistory> => {
    const interval = parseOr400(analyticsIntervalSchema, request.body);
    return service.balanceHistory(sessionOf(request).user, interval.start, interval.end);
  });
  app.post('/api/analytics/multiperiod', opts, (request): Promise<MultiPeriod> => {
    const body = parseOr400(onePeriodRequestSchema, request.body);
    return service.multiPeriod(sessionOf(request).user, body.interval.start, body.interval.end, body.direction);
  });
  app.post('/api/analytics/holdings', opts, (request): Promise<Holding[]> =>
    service.holdings(sessionOf(request).user, parseOr400(analyticsDateSchema, request.body, 'date')),
  );
}
