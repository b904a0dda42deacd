import {
  supportedCurrencySchema,
  userCurrencySchema,
  type SupportedCurrency,
  type UserCurrencyDto,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { CurrenciesService } from './service.js';
import { docs } from '../../http/openapi.js';

export function currencyRoutes(app: FastifyInstance, service: CurrenciesService, requireUser: RequireUser): void {
  const doc = docs('Currencies');
  // The catalogue is the same for everyone, so it needs no login.
  app.get(
    '/api/currency/supported',
    { schema: doc({ summary: 'The currency catalogue', response: z.array(supportedCurrencySchema), public: true }) },
    (): SupportedCurrency[] => service.supported(),
  );

  app.get(
    '/api/currency/usersall',
    {
      preHandler: requireUser,
      schema: doc({ summary: "The user's currencies, last used first", response: z.array(userCurrencySchema) }),
    },
    (request): Promise<UserCurrencyDto[]> => service.list(bookOf(request).id),
  );
}
