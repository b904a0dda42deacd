import type { SupportedCurrency, UserCurrencyDto } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { sessionOf, type RequireUser } from '../auth/guard.js';
import type { CurrenciesService } from './service.js';

export function currencyRoutes(app: FastifyInstance, service: CurrenciesService, requireUser: RequireUser): void {
  // The catalogue is the same for everyone, so it needs no login.
  app.get('/api/currency/supported', (): SupportedCurrency[] => service.supported());

  app.get('/api/currency/usersall', { preHandler: requireUser }, (request): Promise<UserCurrencyDto[]> =>
    service.list(sessionOf(request).user.id),
  );
}
