import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { Redis } from 'ioredis';
import { tooManyRequests } from './errors.js';

/**
 * Every limit of the server runs on @fastify/rate-limit (DESIGN §2) and its store: the plugin's
 * in-memory LRU for one instance, or Redis (REDIS_URL) shared by several, so a client counts the
 * same whichever instance answers. The limits themselves do not change. Redis away: the limited
 * routes answer 503 rather than let a login through uncounted.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  let redis: Redis | undefined;
  if (redisUrl !== undefined) {
    // Short timeouts and one retry: a limit check must not hold a request for long (the plugin's advice).
    // No offline queue: while Redis is away a check fails at once (503) instead of waiting.
    redis = new Redis(redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
    });
    redis.on('error', (err) => app.log.warn({ error: String(err) }, 'redis error'));
    await redis.connect();
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    // Keys per limit kept in memory; the oldest go first, which only ever favours a client.
    cache: 50_000,
    ...(redis === undefined ? {} : { redis, nameSpace: 'kassa-limit:', skipOnError: false }),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(secondsOf(context.ttl), `Too many requests; try again in ${waitText(context.ttl)}`),
  });
}

/** An error of the Redis client under the limits (connection lost, retries spent, a refused command). */
export function isLimitStoreFailure(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err.name === 'MaxRetriesPerRequestError' ||
      err.name === 'ReplyError' ||
      /^(Connection is closed|Stream isn't writeable)/.test(err.message))
  );
}

/** Whole seconds to wait, at least one (the Retry-After header). */
const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** "40 seconds", "15 minutes": how long to wait, as a person reads it. */
export function waitText(ms: number): string {
  const seconds = secondsOf(ms);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** The 429 every limit answers with: a message saying when to try again, and Retry-After. */
export const limitReached = (what: string, retryAfterMs: number) =>
  tooManyRequests(secondsOf(retryAfterMs), `${what}; try again in ${waitText(retryAfterMs)}`);

/**
 * Route options that limit requests per client IP to `max` per `windowMs` (counted before the
 * body is read, so refused requests cost nothing), answering 429 with `what` and when to retry.
 */
export function perIpLimit(max: number, windowMs: number, what: string): RouteShorthandOptions {
  return {
    config: {
      rateLimit: {
        max,
        timeWindow: windowMs,
        errorResponseBuilder: (_request, context) => limitReached(what, context.ttl),
      },
    },
  };
}

/** A key's count within its window, and the milliseconds until the window ends. */
export interface KeyCount {
  count: number;
  retryAfterMs: number;
}

/**
 * Counts events per key (an e-mail, a code) within a window, in the rate-limit store: the
 * services decide what to count (failures only) and what a count means (a delay, a voided code).
 */
export interface KeyedCounter {
  /** Counts one event; the count within the window, this one included. */
  hit(key: string): Promise<KeyCount>;
  /** The count so far, without counting. */
  peek(key: string): Promise<KeyCount>;
}

/** Counts never refused by the plugin itself: the service reads the count and decides. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;
const KEY = Symbol('kassa.limitKey');
type KeyedRequest = FastifyRequest & { [KEY]: string };

/** A KeyedCounter named `name` (keys of different counters never meet) with a fixed window. */
export function keyedCounter(app: FastifyInstance, name: string, windowMs: number): KeyedCounter {
  const check = app.createRateLimit({
    max: UNLIMITED,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${(request as KeyedRequest)[KEY]}`,
  });
  const run = async (key: string, increment: boolean): Promise<KeyCount> => {
    // The plugin reads the key and the route's group from the request; services count keys
    // that have no request of their own (an e-mail across IPs), so they get a minimal one.
    const request = { routeOptions: { config: {} }, [KEY]: key } as unknown as FastifyRequest;
    const state = await check(request, { increment });
    if (state.isAllowed) return { count: 0, retryAfterMs: 0 };
    return { count: UNLIMITED - state.remaining, retryAfterMs: state.ttl };
  };
  return { hit: (key) => run(key, true), peek: (key) => run(key, false) };
}
