import type { EndedSessions, SignedInSession } from '@kassa/contract';
import { notFound } from '../../http/errors.js';
import type { ClientInfo, Session, SessionStore } from '../auth/service.js';
import type { User } from '../users/repository.js';
import { deviceOf } from './device.js';
import type { SessionRecord, SessionsRepository } from './repository.js';
import type { SecurityLogService } from './security-log.js';

/** Last-seen times are kept to the minute: one write per session and minute at most. */
export const LAST_SEEN_PRECISION_MS = 60_000;

/**
 * Signed-in sessions: one per sign-in on a device, carried by its JWTs (sid). As auth's
 * SessionStore it starts them and checks them on every request; the user lists and ends them.
 * Ending one deletes its row, and its tokens fail at their next request.
 */
export class SessionsService implements SessionStore {
  constructor(
    private readonly repository: SessionsRepository,
    private readonly log: SecurityLogService,
    /** The JWT lifetime: a session not seen for longer can have no live token left. */
    private readonly tokenTtlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sessions last seen before this can have no unexpired token (a token lives tokenTtlMs from its refresh, seen to the minute). */
  private aliveSince(at: number): number {
    return at - this.tokenTtlMs - LAST_SEEN_PRECISION_MS;
  }

  async start(userId: number, client: ClientInfo): Promise<number> {
    const at = this.now();
    await this.repository.prune(userId, this.aliveSince(at));
    return this.repository.insert(userId, deviceOf(client.userAgent), client.ip, at);
  }

  async userOfSession(
    sessionId: number,
    userId: number,
    client: ClientInfo,
  ): Promise<{ user: User; live: boolean } | undefined> {
    const found = await this.repository.userWithSession(sessionId, userId);
    if (found === undefined) return undefined;
    const { user, lastSeen } = found;
    if (lastSeen === null) return { user, live: false };
    const at = this.now();
    if (lastSeen < at - LAST_SEEN_PRECISION_MS)
      await this.repository.recordSeen(sessionId, client.ip, at, at - LAST_SEEN_PRECISION_MS);
    return { user, live: true };
  }

  endAll(userId: number): Promise<number> {
    return this.repository.deleteAll(userId);
  }

  /** The user's live sessions, most recently seen first; the request's own marked current. */
  async list(session: Session): Promise<SignedInSession[]> {
    const current = session.kind === 'session' ? session.sessionId : undefined;
    const records = await this.repository.list(session.user.id, this.aliveSince(this.now()));
    return records.map((record) => toSignedInSession(record, record.id === current));
  }

  /** Ends one of the user's sessions (their own too: that is signing out); 404 for one that is not theirs. */
  async end(user: User, id: number, client: ClientInfo): Promise<void> {
    const ended = await this.repository.delete(user.id, id);
    if (ended === undefined) throw notFound(`Session ${id} not found`);
    await this.log.record(user.id, 'session-ended', { client, detail: `${ended.device}, ${ended.ip}` });
  }

  /** Ends every session of the user but the request's own (all of them with `all`). */
  async endMany(session: Session, client: ClientInfo, all: boolean): Promise<EndedSessions> {
    const keep = all || session.kind !== 'session' ? undefined : session.sessionId;
    const ended = await this.repository.deleteAll(session.user.id, keep);
    if (ended > 0)
      await this.log.record(session.user.id, 'session-ended', {
        client,
        detail: `${all ? 'all sessions' : 'all other sessions'} (${ended})`,
      });
    return { ended };
  }
}

function toSignedInSession(record: SessionRecord, current: boolean): SignedInSession {
  return {
    id: record.id,
    device: record.device,
    ip: record.ip,
    createdAt: new Date(record.createdAt).toISOString(),
    lastSeenAt: new Date(record.lastSeenAt).toISOString(),
    current,
  };
}
