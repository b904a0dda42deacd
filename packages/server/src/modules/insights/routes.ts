import {
  conversionCostsSchema,
  exposureSchema,
  fixpointDriftSchema,
  insightsRequestSchema,
  networthBridgeSchema,
  type ConversionCosts,
  type Exposure,
  type FixpointDrift,
  type NetworthBridge,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { docs } from '../../http/openapi.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { InsightsService } from './service.js';

const RATES_NOTE =
  "Amounts are in the main currency unless a field names another; a currency without any exchange rate answers 422 'missing_rate'.";

/** The reports of issue 21 under analytics/: read-only POSTs whose body is the interval. */
export function insightsRoutes(app: FastifyInstance, service: InsightsService, requireUser: RequireUser): void {
  const doc = docs('Analytics');
  const opts = { preHandler: requireUser };
  app.post(
    '/api/analytics/conversion-costs',
    {
      ...opts,
      schema: doc({
        summary: 'What exchanging money cost: every conversion of an interval with its cost, by month and pair',
        description:
          "Cost = value of the from-leg − value of the to-leg at the conversion's day's rates (> 0: lost). " +
          'Most expensive first; at most 5,000 items, the totals count every conversion. ' +
          RATES_NOTE,
        body: insightsRequestSchema,
        response: conversionCostsSchema,
      }),
    },
    (request): Promise<ConversionCosts> => {
      const { start, end } = parseOr400(insightsRequestSchema, request.body);
      return service.conversionCosts(bookOf(request), start, end);
    },
  );
  app.post(
    '/api/analytics/networth-bridge',
    {
      ...opts,
      schema: doc({
        summary:
          'Net worth before an interval to its end: income, spending, business, external, conversions, fx, fixpoints',
        description: 'start + Σ parts = end to the cent; one `fx` part per foreign currency. ' + RATES_NOTE,
        body: insightsRequestSchema,
        response: networthBridgeSchema,
      }),
    },
    (request): Promise<NetworthBridge> => {
      const { start, end } = parseOr400(insightsRequestSchema, request.body);
      return service.networthBridge(bookOf(request), start, end);
    },
  );
  app.post(
    '/api/analytics/fixpoint-drift',
    {
      ...opts,
      schema: doc({
        summary: "Fixpoint errors of an interval per currency: each error, the running total, the month's average",
        description: RATES_NOTE,
        body: insightsRequestSchema,
        response: fixpointDriftSchema,
      }),
    },
    (request): Promise<FixpointDrift> => {
      const { start, end } = parseOr400(insightsRequestSchema, request.body);
      return service.fixpointDrift(bookOf(request), start, end);
    },
  );
  app.post(
    '/api/analytics/exposure',
    {
      ...opts,
      schema: doc({
        summary: "Each currency's available money over an interval in the main currency, and a 10 % move's effect",
        description: 'One point a day, one a week for intervals over 400 days. ' + RATES_NOTE,
        body: insightsRequestSchema,
        response: exposureSchema,
      }),
    },
    (request): Promise<Exposure> => {
      const { start, end } = parseOr400(insightsRequestSchema, request.body);
      return service.exposure(bookOf(request), start, end);
    },
  );
}
