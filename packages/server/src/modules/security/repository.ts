import type { ApiTokenScope } from '@kassa/contract';
import type { Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, DB, SecurityEventsTable, SessionsTable } from '../../db/schema.js';
import { toUser, type User } from '../users/repository.js';

/** An API token as the services see it (never the token: only its hash is stored). */
export interface ApiTokenRecord {
  id: number;
  userId: number;
  /** The book it was made in, the only one it opens (issue 34). */
  bookId: number;
  name: string;
  scope: ApiTokenScope;
  prefix: string;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
}

const toToken = (row: Selectable<ApiTokensTable>): ApiTokenRecord => ({
  id: row.id,
  userId: row.user_id,
  bookId: row.book_id ?? row.user_id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
});

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** SQL of the personal API tokens. */
export class ApiTokensRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(
    userId: number,
    token: {
      bookId: number;
      name: string;
      scope: ApiTokenScope;
      hash: string;
      prefix: string;
      createdAt: number;
      expiresAt: number | null;
    },
  ): Promise<ApiTokenRecord> {
    const row = await this.db
      .insertInto('api_tokens')
      .values({
        user_id: userId,
        book_id: token.bookId,
        name: token.name,
        scope: token.scope,
        token_hash: token.hash,
        prefix: token.prefix,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        last_used_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toToken(row);
  }

  /** The user's tokens, newest first. */
  async list(userId: number): Promise<ApiTokenRecord[]> {
    const rows = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toToken);
  }

  async count(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findByHash(hash: string): Promise<ApiTokenRecord | undefined> {
    const row = await this.db.selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    return row === undefined ? undefined : toToken(row);
  }

  /** Deletes the user's token; the deleted one, or undefined when the user has no such token. */
  async delete(userId: number, id: number): Promise<ApiTokenRecord | undefined> {
    const row = await this.db
      .deleteFrom('api_tokens')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : toToken(row);
  }

  /** Records a use at `at` unless one was recorded after `since`: at most one write per token and interval. */
  async recordUse(id: number, at: number, since: number): Promise<void> {
    await this.db
      .updateTable('api_tokens')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
      .execute();
  }
}

/** A signed-in session as the services see it. */
export interface SessionRecord {
  id: number;
  userId: number;
  device: string;
  ip: string;
  createdAt: number;
  lastSeenAt: number;
}

const toSession = (row: Selectable<SessionsTable>): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  device: row.device,
  ip: row.ip,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
});

/** SQL of the signed-in sessions. Ending a session deletes its row. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(userId: number, device: string, ip: string, at: number): Promise<number> {
    const row = await this.db
      .insertInto('sessions')
      .values({ user_id: userId, device, ip, created_at: at, last_seen_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * The user and when their session was last seen (null when it ended or is another user's), in
   * one statement: every request with a session token asks, and on PostgreSQL each statement is a
   * round trip. Undefined when the user does not exist.
   */
  async userWithSession(id: number, userId: number): Promise<{ user: User; lastSeen: number | null } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('sessions', (join) => join.on('sessions.id', '=', id).onRef('sessions.user_id', '=', 'users.id'))
      .selectAll('users')
      .select('sessions.last_seen_at as session_last_seen_at')
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { session_last_seen_at: lastSeen, ...user } = row;
    return { user: toUser(user), lastSeen };
  }

  /** Records the session seen at `at` from `ip`, unless it was seen after `since` (one write per interval). */
  async recordSeen(id: number, ip: string, at: number, since: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: at, ip })
      .where('id', '=', id)
      .where('last_seen_at', '<', since)
      .execute();
  }

  /** The user's sessions seen since `since`, most recently seen first. */
  async list(userId: number, since: number): Promise<SessionRecord[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('last_seen_at', '>=', since)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toSession);
  }

  /** Ends the user's session; the ended one, or undefined when the user has no such session. */
  async delete(userId: number, id: number): Promise<SessionRecord | undefined> {
    const row = await this.db
      .deleteFrom('sessions')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : toSession(row);
  }

  /** Ends every session of the user but `keep` (all of them when undefined); how many ended. */
  async deleteAll(userId: number, keep?: number): Promise<number> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keep !== undefined) query = query.where('id', '!=', keep);
    return deleted(await query.executeTakeFirst());
  }

  /** Forgets the user's sessions not seen since `since`: their tokens have expired. */
  async prune(userId: number, since: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).where('last_seen_at', '<', since).execute();
  }
}

export type SecurityEventRecord = Selectable<SecurityEventsTable>;

/** SQL of the security log. */
export class SecurityEventsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(event: Omit<SecurityEventRecord, 'id'>): Promise<void> {
    await this.db.insertInto('security_events').values(event).execute();
  }

  /** Drops the user's entries from before `before`, and all but the newest `keep`. */
  async prune(userId: number, before: number, keep: number): Promise<void> {
    await this.db.deleteFrom('security_events').where('user_id', '=', userId).where('at', '<', before).execute();
    const oldestKept = await this.db
      .selectFrom('security_events')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .offset(keep - 1)
      .limit(1)
      .executeTakeFirst();
    if (oldestKept !== undefined)
      await this.db
        .deleteFrom('security_events')
        .where('user_id', '=', userId)
        .where('id', '<', oldestKept.id)
        .execute();
  }

  /** Up to `limit` of the user's entries older than entry `before` (all when undefined), newest first. */
  async page(userId: number, before: number | undefined, limit: number): Promise<SecurityEventRecord[]> {
    let query = this.db.selectFrom('security_events').selectAll().where('user_id', '=', userId);
    if (before !== undefined) query = query.where('id', '<', before);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }
}
