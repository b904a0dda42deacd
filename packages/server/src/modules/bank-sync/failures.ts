import { AppError, badRequest, conflict, tooManyRequests } from '../../http/errors.js';
import { ProviderError } from './providers/types.js';

/** A 429 without Retry-After waits an hour. */
export const DEFAULT_RETRY_SECONDS = 3600;

/** A provider's failure as the API answers it: a state the user can act on, never a 500. */
export function answerOf(err: ProviderError): AppError {
  switch (err.kind) {
    case 'rate-limited':
      return tooManyRequests(err.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS, err.message);
    case 'consent-expired':
      return conflict(err.message);
    case 'forbidden-url':
    case 'refused':
      return badRequest(err.message);
    case 'malformed':
    case 'unreachable':
      return new AppError(502, 'bank_unavailable', err.message);
  }
}

/** Runs a provider call, answering its failure as the API does. */
export async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw err instanceof ProviderError ? answerOf(err) : err;
  }
}
