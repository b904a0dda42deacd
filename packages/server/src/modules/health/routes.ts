import { PRODUCT_VERSION, type HealthResponse, type PublicConfig, type ReadinessResponse } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import type { HealthService } from './service.js';

/**
 * GET health: liveness, 200 while the process runs. It does not ask the database: the server
 * recovers from a database outage by itself, so restarting it (what a failing liveness probe
 * does) would not help. GET health/ready: readiness, for load balancers and deploys.
 */
export function healthRoutes(app: FastifyInstance, health: HealthService): void {
  app.get('/api/health', (): HealthResponse => ({ status: 'ok', version: PRODUCT_VERSION }));

  app.get('/api/health/ready', async (): Promise<ReadinessResponse> => {
    await health.assertReady();
    return { status: 'ready', version: PRODUCT_VERSION };
  });
}

/** GET config: version, demo login and captcha site key, for the web app before login. */
export function publicConfigRoutes(app: FastifyInstance, config: PublicConfig): void {
  app.get('/api/config', (): PublicConfig => config);
}
