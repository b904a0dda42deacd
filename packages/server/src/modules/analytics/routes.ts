import {
  analyticsDateSchema,
  analyticsIntervalSchema,
  balanceHistorySchema,
  cashflowRequestSchema,
  categoryAmountSchema,
  holdingSchema,
  multiPeriodSchema,
  namedAssetSchema,
  onePeriodRequestSchema,
  type BalanceHistory,
  type CategoryAmount,
  type Holding,
  type MultiPeriod,
  type NamedAsset,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { AnalyticsService } from './service.js';
import { docs } from '../../http/openapi.js';

export function analyticsRoutes(app: FastifyInstance, service: AnalyticsService, requireUser: RequireUser): void {
  const doc = docs('Analytics');
  const opts = { preHandler: requireUser };
  app.post(
    '/api/analytics/balances',
    {
      ...opts,
      schema: doc({
        summary: 'Balances by kind at a date, in the main currency',
        body: analyticsDateSchema,
        response: z.array(namedAssetSchema),
      }),
    },
    (request): Promise<NamedAsset[]> =>
      service.balances(bookOf(request), parseOr400(analyticsDateSchema, request.body, 'date')),
  );
  app.post(
    '/api/analytics/cashflow',
    {
      ...opts,
      schema: doc({
        summary: 'Cash flow of an interval by kind, in the main currency (or the asked one, valued then or at a date)',
        body: cashflowRequestSchema,
        response: z.array(namedAssetSchema),
      }),
    },
    (request): Promise<NamedAsset[]> => {
      const { start, end, ...view } = parseOr400(cashflowRequestSchema, request.body);
      return service.cashflow(bookOf(request), start, end, view);
    },
  );
  app.post(
    '/api/analytics/oneperiod',
    {
      ...opts,
      schema: doc({
        summary: 'Income or expenses of an interval by category (valuation and currency optional)',
        body: onePeriodRequestSchema,
        response: z.array(categoryAmountSchema),
      }),
    },
    (request): Promise<CategoryAmount[]> => {
      const body = parseOr400(onePeriodRequestSchema, request.body);
      const { interval, direction, ...view } = body;
      return service.onePeriod(bookOf(request), interval.start, interval.end, direction, view);
    },
  );
  app.post(
    '/api/analytics/balance-history',
    {
      ...opts,
      schema: doc({
        summary: 'Balance history of an interval',
        body: analyticsIntervalSchema,
        response: balanceHistorySchema,
      }),
    },
    (request): Promise<BalanceHistory> => {
      const interval = parseOr400(analyticsIntervalSchema, request.body);
      return service.balanceHistory(bookOf(request), interval.start, interval.end);
    },
  );
  app.post(
    '/api/analytics/multiperiod',
    {
      ...opts,
      schema: doc({
        summary: 'Income or expenses by category and month (valuation and currency optional)',
        body: onePeriodRequestSchema,
        response: multiPeriodSchema,
      }),
    },
    (request): Promise<MultiPeriod> => {
      const body = parseOr400(onePeriodRequestSchema, request.body);
      const { interval, direction, ...view } = body;
      return service.multiPeriod(bookOf(request), interval.start, interval.end, direction, view);
    },
  );
  app.post(
    '/api/analytics/holdings',
    {
      ...opts,
      schema: doc({
        summary: 'Holdings per currency at a date, converted to the main currency',
        body: analyticsDateSchema,
        response: z.array(holdingSchema),
      }),
    },
    (request): Promise<Holding[]> =>
      service.holdings(bookOf(request), parseOr400(analyticsDateSchema, request.body, 'date')),
  );
}
