import type { ErrorBody } from '@kassa/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { brokenConstraint } from '../db/constraint-errors.js';
import { AppError } from './errors.js';

/** Maps fastify's own client errors (body parsing, size) to our error body. */
function fromFastifyError(err: FastifyError): { status: number; body: ErrorBody } | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { type: 'validation', message: 'body: is not valid JSON' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { type: 'validation', message: 'body: is empty' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { type: 'payload_too_large', message: 'body: is too large' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { type: 'unsupported_media_type', message: 'body: must be application/json' } };
    default:
      if (err.statusCode === 400) return { status: 400, body: { type: 'validation', message: err.message } };
      return undefined;
  }
}

/** Every error leaves as {type, message}; unexpected ones as a bare 500 with no stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ type: error.type, message: error.message } satisfies ErrorBody);
    }
    const known = fromFastifyError(error);
    if (known !== undefined) return reply.status(known.status).send(known.body);
    // Services check rules first; these catch the races a check cannot (two requests at once).
    const constraint = brokenConstraint(error);
    if (constraint !== undefined) {
      const message =
        constraint === 'unique'
          ? 'It already exists (a concurrent request may have created it)'
          : 'It is in use, or refers to something that no longer exists';
      return reply.status(409).send({ type: 'conflict', message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ type: 'internal', message: 'Internal error' } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      type: 'not_found',
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0] ?? ''}`,
    } satisfies ErrorBody),
  );
}
