import {
  analyticsIntervalSchema,
  dailyRateResponseSchema,
  usedRatesResponseSchema,
  type DailyRateResponse,
  type UsedRates,
} from '@kassa/contract';
import { utcDayOf } from '@kassa/money';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { UserCurrenciesRepository } from '../currencies/repository.js';
import type { RatesService } from './service.js';
import { docs } from '../../http/openapi.js';

export function ratesRoutes(
  app: FastifyInstance,
  rates: RatesService,
  currencies: UserCurrenciesRepository,
  requireUser: RequireUser,
): void {
  const doc = docs('Rates');
  // Today's rate (UTC day) from the main currency to each of the user's currencies, main first.
  app.get(
    '/api/exrate/get-daily',
    {
      preHandler: requireUser,
      schema: doc({
        summary: "Today's rates from the main currency to each of the user's currencies",
        response: dailyRateResponseSchema,
      }),
    },
    async (request): Promise<DailyRateResponse> => {
      const user = bookOf(request);
      if (user.mainCurrency === null) return [];
      const owned = (await currencies.list(user.id)).map((c) => c.code).filter((c) => c !== user.mainCurrency);
      return rates.daily(user.mainCurrency, [user.mainCurrency, ...owned], utcDayOf(Date.now()));
    },
  );
  // The stored rates the reports of an interval use, per currency of the user (issue 21).
  app.post(
    '/api/exrate/used',
    {
      preHandler: requireUser,
      schema: doc({
        summary:
          'The stored reference rates (day, rate per EUR, source) reports of an interval use, and how fresh the rates are',
        body: analyticsIntervalSchema,
        response: usedRatesResponseSchema,
      }),
    },
    async (request): Promise<UsedRates> => {
      const user = bookOf(request);
      const { start, end } = parseOr400(analyticsIntervalSchema, request.body);
      const codes = (await currencies.list(user.id)).map((c) => c.code);
      const used = rates.used(codes, utcDayOf(start), utcDayOf(end));
      // How fresh the rates are, so every caption can warn of stale ones (issue 32).
      const status = await rates.status();
      return status === undefined ? used : { ...used, status };
    },
  );
}
