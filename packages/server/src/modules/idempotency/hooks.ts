import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import { IdempotencyRepository } from './repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed first: its answer is stored when it is sent. */
    idempotency?: { bookId: number; key: string };
  }
}

/** The header a client names a write with (issue 36; the IETF draft's name). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key and its answer are kept at least (issue 36: 7 days). */
export const IDEMPOTENCY_KEEP_MS = 7 * 86_400_000;
/**
 * After this long an unfinished claim is taken to be a request whose instance died: a retry then
 * runs it. Longer than any write takes (a million-row import commit), so a slow first request is
 * never run twice.
 */
export const IDEMPOTENCY_STALE_MS = 10 * 60_000;
/** 1 to 255 visible ASCII characters: a UUID, a ULID or the client's own scheme. */
const KEY = /^[\x21-\x7e]{1,255}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The request as the key binds it: method, path with query, and the body as JSON. */
function hashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

const reused = () =>
  new AppError(422, 'idempotency_key_reused', 'Idempotency-Key: was used before for a different request');

/**
 * Replays a write named by an Idempotency-Key (issue 36). Runs after the route's own guards, so
 * the key is the book's (`request.book`) and a refused request claims nothing. The first request
 * with a key claims it and runs; its answer (below 500) is stored as it is sent. A later request
 * with the same key and the same method, path and body gets that answer again and writes nothing;
 * with a different one, 422. While the first still runs, 409 with Retry-After.
 */
function keyedWrites(keys: IdempotencyRepository, now: () => number): preHandlerAsyncHookHandler {
  return async function idempotency(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || request.book === undefined) return;
    if (typeof header !== 'string' || !KEY.test(header))
      throw badRequest('Idempotency-Key: must be 1 to 255 visible ASCII characters, given once');
    if ((request.headers['content-type'] ?? '').startsWith('multipart/'))
      throw badRequest('Idempotency-Key: is not taken with a file upload; send the file again instead');
    const bookId = request.book.id;
    const hash = hashOf(request);
    for (;;) {
      const at = now();
      if (await keys.claim(bookId, header, hash, at)) {
        request.idempotency = { bookId, key: header };
        return;
      }
      const first = await keys.find(bookId, header);
      if (first === undefined) continue; // pruned between the two statements: claim it anew
      if (first.requestHash !== hash) throw reused();
      if (first.status !== null) {
        void reply.status(first.status).header('idempotent-replayed', 'true');
        if (first.contentType !== null) void reply.type(first.contentType);
        return reply.send(first.answer === '' ? undefined : first.answer);
      }
      if (first.createdAt > at - IDEMPOTENCY_STALE_MS)
        throw new AppError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still running', {
          'retry-after': '1',
        });
      if (await keys.takeOver(bookId, header, first.createdAt, at)) {
        request.idempotency = { bookId, key: header };
        return;
      }
    }
  };
}

/**
 * Adds the Idempotency-Key handling to every write route registered after this call, behind the
 * route's own preHandlers, and stores each claimed request's answer as it is sent.
 */
export function registerIdempotency(app: FastifyInstance, db: Kysely<DB>, now: () => number = Date.now): void {
  const keys = new IdempotencyRepository(db);
  const handler = keyedWrites(keys, now);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITES.has(m))) return;
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [...own, handler];
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (claim === undefined) return payload;
    request.idempotency = undefined;
    const body = payload === null || payload === undefined ? '' : payload;
    try {
      // A failure of the server's own is not the answer to keep: a retry may run the write again.
      if (reply.statusCode >= 500 || (typeof body !== 'string' && !Buffer.isBuffer(body)))
        await keys.release(claim.bookId, claim.key);
      else {
        const contentType = reply.getHeader('content-type');
        await keys.store(claim.bookId, claim.key, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body: body.toString(),
        });
      }
    } catch (err) {
      // The write is done and its answer goes out; a replay finds the claim unfinished (409)
      // until it is stale.
      request.log.error({ err }, 'the answer of an Idempotency-Key could not be stored');
    }
    return payload;
  });
}
