import { z } from 'zod';

/** Error types the API answers with (DESIGN §8); the web maps them to messages. */
export const errorTypes = [
  'validation',
  'unauthorized',
  'forbidden',
  'demo',
  // 403 on private routes until the registration step they name is done (spec §4 guard order).
  'email_not_verified',
  'referral_required',
  'registration_incomplete',
  // 403: REGISTRATION=closed and the address has no invitation (docs/DECISIONS.md, Admission).
  'registration_closed',
  // 403 at login: an admin disabled the account (its tokens answer 401 meanwhile).
  'account_disabled',
  'not_found',
  'conflict',
  // 409: a write carried the version of a row that changed meanwhile (issue 36); the answer names the row as it is.
  'version_conflict',
  // 409: a request with this Idempotency-Key is still running; try again shortly (Retry-After).
  'idempotency_in_progress',
  // 422: the Idempotency-Key was used before for a different request.
  'idempotency_key_reused',
  'missing_rate',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal',
  // 502: a bank connection's provider failed, timed out or answered what its protocol does not allow (issue 35).
  'bank_unavailable',
  // 503: the database cannot be reached or cannot store writes (disk full, read-only); try again later.
  'unavailable',
] as const;
export type ErrorType = (typeof errorTypes)[number];

/** Body of every non-2xx answer. */
export const errorBodySchema = z.object({
  type: z.enum(errorTypes),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
