import {
  healthResponseSchema,
  PRODUCT_VERSION,
  publicConfigSchema,
  readinessResponseSchema,
  type HealthResponse,
  type PublicConfig,
  type ReadinessResponse,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import type { HealthService } from './service.js';
import { docs } from '../../http/openapi.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness answers 503 from now on (HealthService.drain); the app still serves requests. */
    drain(): void;
  }
}

const doc = docs('Health');

/**
 * GET health: liveness, 200 while the process runs. It does not ask the database: the server
 * recovers from a database outage by itself, so restarting it (what a failing liveness probe
 * does) would not help. GET health/ready: readiness, for load balancers and deploys.
 */
export function healthRoutes(app: FastifyInstance, health: HealthService): void {
  app.decorate('drain', () => health.drain());
  // While draining every answer closes its connection, so no keep-alive socket holds the shutdown
  // open after its last request (the client's next request opens a new one, elsewhere).
  app.addHook('onSend', async (_request, reply) => {
    if (health.isDraining()) void reply.header('connection', 'close');
  });
  app.get(
    '/api/health',
    { schema: doc({ summary: 'Liveness: 200 while the process runs', response: healthResponseSchema, public: true }) },
    (): HealthResponse => ({ status: 'ok', version: PRODUCT_VERSION }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: doc({
        summary: 'Readiness: the database is reachable, migrated and stores a write (else 503)',
        response: readinessResponseSchema,
        public: true,
      }),
    },
    async (): Promise<ReadinessResponse> => {
      await health.assertReady();
      return { status: 'ready', version: PRODUCT_VERSION };
    },
  );
}

/** GET config: version, demo, captcha site key, registration mode and where mail goes, for the web app before login. */
export function publicConfigRoutes(app: FastifyInstance, config: PublicConfig): void {
  app.get(
    '/api/config',
    {
      schema: doc({
        summary: 'Public configuration for the web app before login (registration mode, demo, where mail goes)',
        response: publicConfigSchema,
        public: true,
      }),
    },
    (): PublicConfig => config,
  );
}
