import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiToken, type CreateApiTokenRequest, type CreatedApiToken } from '@kassa/contract';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { limitReached, type KeyedCounter } from '../../http/rate-limit.js';
import type { ApiTokenAuthority, ApiTokenGrant, ClientInfo, RequestInfo } from '../auth/service.js';
import type { User } from '../users/repository.js';
import type { ApiTokenRecord, ApiTokensRepository } from './repository.js';
import { scopeRefusal } from './scope.js';
import type { SecurityLogService } from './security-log.js';

/** 256 random bits: far beyond guessing, so a plain SHA-256 is a safe way to keep it. */
const TOKEN_BYTES = 32;
/** The shape of every token we issue: the prefix and 43 base64url characters. */
const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** Characters of the token kept in clear for the list: the prefix and four more (24 of 256 bits). */
const SHOWN_CHARACTERS = API_TOKEN_PREFIX.length + 4;
/** Last-used times are kept to the minute: one write per token and minute at most. */
export const LAST_USED_PRECISION_MS = 60_000;
/** Tokens a user may hold at once: enough for every script, few enough to keep the list readable. */
export const MAX_TOKENS_PER_USER = 50;

/** The hex SHA-256 of a token: what the database keeps and looks tokens up by. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Requests per token and minute (API_TOKEN_MAX_PER_MINUTE), counted in the rate-limit store. */
export interface ApiTokenLimits {
  requests: KeyedCounter;
  maxPerMinute: number;
}

const toApiToken = (record: ApiTokenRecord): ApiToken => ({
  id: record.id,
  name: record.name,
  scope: record.scope,
  prefix: record.prefix,
  createdAt: new Date(record.createdAt).toISOString(),
  expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt).toISOString(),
  lastUsedAt: record.lastUsedAt === null ? null : new Date(record.lastUsedAt).toISOString(),
});

/**
 * Personal API tokens: created with a name, a scope and an optional expiry, shown once, kept as
 * a SHA-256, revoked by deleting them. As auth's ApiTokenAuthority it checks tokens, records
 * their use, limits their requests and applies their scope (scope.ts).
 */
export class ApiTokensService implements ApiTokenAuthority {
  constructor(
    private readonly repository: ApiTokensRepository,
    private readonly log: SecurityLogService,
    private readonly limits: ApiTokenLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new token; the answer is the only place it ever appears. */
  /** A new token for the book it is made in (the request's). */
  async create(user: User, bookId: number, input: CreateApiTokenRequest, client: ClientInfo): Promise<CreatedApiToken> {
    const at = this.now();
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt !== null && expiresAt <= at) throw badRequest('expiresAt: must be in the future');
    if ((await this.repository.count(user.id)) >= MAX_TOKENS_PER_USER)
      throw conflict(`You have ${MAX_TOKENS_PER_USER} API tokens, the most there can be; revoke one first`);
    const token = API_TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
    const record = await this.repository.insert(user.id, {
      bookId,
      name: input.name,
      scope: input.scope,
      hash: hashToken(token),
      prefix: token.slice(0, SHOWN_CHARACTERS),
      createdAt: at,
      expiresAt,
    });
    await this.log.record(user.id, 'api-token-created', { client, detail: `${input.name} (${input.scope})` });
    return { ...toApiToken(record), token };
  }

  async list(user: User): Promise<ApiToken[]> {
    return (await this.repository.list(user.id)).map(toApiToken);
  }

  /** Revokes one of the user's tokens at once; 404 for an id that is not theirs. */
  async revoke(user: User, id: number, client: ClientInfo): Promise<void> {
    const revoked = await this.repository.delete(user.id, id);
    if (revoked === undefined) throw notFound(`API token ${id} not found`);
    await this.log.record(user.id, 'api-token-revoked', { client, detail: revoked.name });
  }

  // ApiTokenAuthority: what authentication asks of this module.

  async verify(token: string): Promise<ApiTokenGrant | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const record = await this.repository.findByHash(hashToken(token));
    const at = this.now();
    if (record === undefined || (record.expiresAt !== null && record.expiresAt <= at)) return undefined;
    if (record.lastUsedAt === null || record.lastUsedAt < at - LAST_USED_PRECISION_MS)
      await this.repository.recordUse(record.id, at, at - LAST_USED_PRECISION_MS);
    return { userId: record.userId, tokenId: record.id, bookId: record.bookId, scope: record.scope };
  }

  async admit(grant: ApiTokenGrant, request: RequestInfo): Promise<void> {
    const { count, retryAfterMs } = await this.limits.requests.hit(String(grant.tokenId));
    if (count > this.limits.maxPerMinute) throw limitReached('Too many requests with this API token', retryAfterMs);
    const refusal = scopeRefusal(grant.scope, request.method, request.route);
    if (refusal !== undefined) throw refusal;
  }
}
