import { z } from 'zod';
import { idSchema, instantSchema, nameSchema } from './common.js';

// Personal API tokens, signed-in sessions and the security log (docs/DECISIONS.md, "API tokens"
// and "Sessions and security log"): account/tokens*, account/sessions*, account/security-log.

/** Every API token starts with this, so the server (and a secret scanner) tells it from a session JWT. */
export const API_TOKEN_PREFIX = 'kassa_';

/** `read`: safe methods and the read-only POST routes; `read-write`: everything but credentials. */
export const apiTokenScopes = ['read', 'read-write'] as const;
export const apiTokenScopeSchema = z.enum(apiTokenScopes, { error: 'must be read or read-write' });
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** POST account/tokens: a name, a scope and an optional expiry (an instant in the future; null or absent: never). */
export const createApiTokenRequestSchema = z.object({
  name: nameSchema(100),
  scope: apiTokenScopeSchema,
  expiresAt: instantSchema.nullable().optional(),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;
export type CreateApiTokenBody = z.input<typeof createApiTokenRequestSchema>;

/** An API token as listed: never the token itself, which is shown once at creation. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiTokenScopeSchema,
  /** The token's first characters ("kassa_Ab3d"), to tell tokens apart. */
  prefix: z.string(),
  /** ISO instants; expiresAt null: never; lastUsedAt null: never used (kept to the minute). */
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** GET account/tokens: newest first. */
export const apiTokenListSchema = z.array(apiTokenSchema);

/** POST account/tokens answers the token once, with its listing. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** A signed-in session (one sign-in on one device), as GET account/sessions lists them. */
export const signedInSessionSchema = z.object({
  id: z.number().int(),
  /** "Chrome on Linux", derived from the User-Agent at sign-in. */
  device: z.string(),
  /** The address last seen. */
  ip: z.string(),
  createdAt: z.string(),
  /** Kept to the minute. */
  lastSeenAt: z.string(),
  /** The session of the request's own token. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

/** GET account/sessions: most recently seen first. */
export const signedInSessionListSchema = z.array(signedInSessionSchema);

/** POST account/sessions/end-others and …/end-all: how many sessions ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int().min(0) });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

export const securityEventKinds = [
  'sign-in',
  'sign-in-failed',
  'password-changed',
  'password-reset',
  'two-factor-enabled',
  'two-factor-disabled',
  'recovery-code-used',
  'recovery-codes-renewed',
  'api-token-created',
  'api-token-revoked',
  'session-ended',
  'book-invited',
  'book-joined',
  'book-role-changed',
  'book-member-removed',
  'book-left',
  'book-handed-over',
] as const;
export const securityEventKindSchema = z.enum(securityEventKinds);
export type SecurityEventKind = z.infer<typeof securityEventKindSchema>;

/** One entry of the security log. */
export const securityEventSchema = z.object({
  id: z.number().int(),
  kind: securityEventKindSchema,
  at: z.string(),
  /** Where it came from, when a request of a person caused it. */
  ip: z.string().nullable(),
  device: z.string().nullable(),
  /** What the kind leaves open: "wrong password", a token's name, a session's device. */
  detail: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** How many entries a page of the log holds. */
export const SECURITY_LOG_PAGE = 50;

/** GET account/security-log?before={id}: the page of entries older than `before` (absent: the newest). */
export const securityLogQuerySchema = z.object({ before: z.coerce.number().pipe(idSchema).optional() });
export type SecurityLogQuery = z.infer<typeof securityLogQuerySchema>;

/** Newest first; nextBefore is the `before` of the next page, null on the last one. */
export const securityLogSchema = z.object({
  events: z.array(securityEventSchema),
  nextBefore: z.number().int().nullable(),
});
export type SecurityLogPage = z.infer<typeof securityLogSchema>;
