import { PRODUCT_VERSION, type HealthResponse, type PublicConfig } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';

/** GET health: 200 when the database answers, 503 otherwise (load balancers read the status). */
export function healthRoutes(app: FastifyInstance, pingDatabase: () => Promise<void>): void {
  app.get('/api/health', async (request): Promise<HealthResponse> => {
    try {
      await pingDatabase();
    } catch (err) {
      request.log.error({ err }, 'health: database ping failed');
      throw new AppError(503, 'internal', 'Database unavailable');
    }
    return { status: 'ok', version: PRODUCT_VERSION };
  });
}

/** GET config: version, demo login and captcha site key, for the web app before login. */
export function publicConfigRoutes(app: FastifyInstance, config: PublicConfig): void {
  app.get('/api/config', (): PublicConfig => config);
}
