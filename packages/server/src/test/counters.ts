import Fastify, { type FastifyInstance } from 'fastify';
import { registerRateLimit } from '../http/rate-limit.js';

/** A bare app holding the rate-limit store, for services tested without the whole app. */
export async function counterHost(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await registerRateLimit(app, undefined);
  return app;
}
