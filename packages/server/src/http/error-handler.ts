import type { ErrorBody, ErrorType } from '@kassa/contract';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { brokenConstraint } from '../db/constraint-errors.js';
import {
  databaseFailure,
  FAILURE_LOG_LINES,
  FAILURE_MESSAGES,
  isUnstorableText,
  type DatabaseFailure,
} from '../db/failures.js';
import { AppError } from './errors.js';
import { isLimitStoreFailure } from './rate-limit.js';

/** How long a database failure stays quiet in the log after it was logged, unless a write succeeds. */
const FAILURE_LOG_QUIET_MS = 5 * 60_000;

/**
 * Logs each kind of database failure once: on a full disk every write fails the same way, and
 * 600 identical lines would bury the one that says what to fix. It is logged again after a
 * write has succeeded (the failure ended and came back) or after the quiet time, with how many
 * requests failed in between.
 */
export class FailureLog {
  private readonly logged = new Map<DatabaseFailure, { at: number; since: number }>();

  report(failure: DatabaseFailure, err: unknown, log: FastifyBaseLogger): void {
    const now = Date.now();
    const last = this.logged.get(failure);
    if (last !== undefined && now - last.at < FAILURE_LOG_QUIET_MS) {
      last.since++;
      return;
    }
    log.error({ err, failedRequestsSinceLastLine: last?.since ?? 0 }, FAILURE_LOG_LINES[failure]);
    this.logged.set(failure, { at: now, since: 0 });
  }

  /** A write went through: whatever failed before is over. */
  writeSucceeded(): void {
    this.logged.clear();
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error type of a client error status a plugin raised without one of ours. */
const CLIENT_ERROR_TYPES: Partial<Record<number, ErrorType>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Maps fastify's own client errors (body parsing, size) to our error body. */
function fromFastifyError(err: FastifyError): { status: number; body: ErrorBody } | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { type: 'validation', message: 'body: is not valid JSON' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { type: 'validation', message: 'body: is empty' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { type: 'payload_too_large', message: 'body: is too large' } };
    // @fastify/multipart (import/preview)
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, body: { type: 'payload_too_large', message: 'file: is larger than 50 MB' } };
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 400, body: { type: 'validation', message: 'body: send one file and the options field only' } };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, body: { type: 'unsupported_media_type', message: 'body: must be multipart/form-data' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { type: 'unsupported_media_type', message: 'body: must be application/json' } };
    default:
      if (err.statusCode === 400) return { status: 400, body: { type: 'validation', message: err.message } };
      // Other client errors of fastify and its plugins keep their status (@fastify/static's 403
      // for a path it will not serve, e.g. /api/docs/static/%5C, was a 500).
      if (err.statusCode !== undefined && err.statusCode > 400 && err.statusCode < 500)
        return {
          status: err.statusCode,
          body: { type: CLIENT_ERROR_TYPES[err.statusCode] ?? 'validation', message: err.message },
        };
      return undefined;
  }
}

/** What an error answers: its status, headers and {type, message} body; never a stack trace. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
}

/**
 * The answer to an error, logged where the server is at fault. `failures` keeps repeated
 * database failures to one log line (the app's handler passes its own); without it each is logged.
 */
export function errorAnswer(error: unknown, log: FastifyBaseLogger, failures?: FailureLog): ErrorAnswer {
  const answer = (status: number, body: ErrorBody, headers: Record<string, string> = {}) => ({ status, headers, body });
  if (error instanceof AppError)
    return answer(error.status, { type: error.type, message: error.message }, error.headers);
  const known = error instanceof Error ? fromFastifyError(error as FastifyError) : undefined;
  if (known !== undefined) return answer(known.status, known.body);
  // Services check rules first; these catch the races a check cannot (two requests at once).
  const constraint = brokenConstraint(error);
  if (constraint !== undefined) {
    const message =
      constraint === 'unique'
        ? 'It already exists (a concurrent request may have created it)'
        : 'It is in use, or refers to something that no longer exists';
    return answer(409, { type: 'conflict', message });
  }
  // The database is down or cannot store changes: nothing the client did, and worth a retry.
  const failure = databaseFailure(error);
  if (failure !== undefined) {
    if (failures === undefined) log.error({ err: error }, FAILURE_LOG_LINES[failure]);
    else failures.report(failure, error, log);
    return answer(503, { type: 'unavailable', message: FAILURE_MESSAGES[failure] });
  }
  // Redis (the shared store of the limits) is away: a limited request is refused, not let through.
  if (isLimitStoreFailure(error)) {
    log.error({ err: error }, 'the rate-limit store (Redis) failed');
    return answer(503, {
      type: 'unavailable',
      message: 'The server cannot check its limits right now; try again shortly',
    });
  }
  // A safety net behind the text schemas: PostgreSQL cannot store NUL, whatever field held it.
  if (isUnstorableText(error))
    return answer(400, { type: 'validation', message: 'text: contains a character that cannot be stored (NUL)' });
  log.error({ err: error }, 'unhandled error');
  return answer(500, { type: 'internal', message: 'Internal error' });
}

/** Every error leaves as {type, message}; unexpected ones as a bare 500 with no stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  const failures = new FailureLog();
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 400 && WRITE_METHODS.has(request.method)) failures.writeSucceeded();
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, headers, body } = errorAnswer(error, request.log, failures);
    return reply.status(status).headers(headers).send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      type: 'not_found',
      message: `No such endpoint: ${request.method} ${request.url.split('?')[0] ?? ''}`,
    } satisfies ErrorBody),
  );
}
