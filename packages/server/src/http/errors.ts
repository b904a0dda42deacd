import type { ErrorType } from '@kassa/contract';

/** An error whose message is safe to show the client; the handler maps it to its status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, 'validation', message);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
/** 409: an edit or delete named the version of a row that changed meanwhile (issue 36). */
export const versionConflict = (message: string) => new AppError(409, 'version_conflict', message);
/** 413: an upload above its limit. */
export const payloadTooLarge = (message: string) => new AppError(413, 'payload_too_large', message);
/** 415: a file of a kind the route does not read. */
export const unsupportedMediaType = (message: string) => new AppError(415, 'unsupported_media_type', message);
/** 422: a file of a known kind whose content cannot be read (broken XML, no header row, …). */
export const unprocessable = (message: string) => new AppError(422, 'validation', message);
export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new AppError(429, 'rate_limited', message, { 'retry-after': String(retryAfterSeconds) });
/** 503: the database cannot be reached or cannot store changes; the client may try again later. */
export const unavailable = (message: string) => new AppError(503, 'unavailable', message);
