import type { SecurityEventKind, SecurityLogPage, SecurityLogQuery } from '@kassa/contract';
import { SECURITY_LOG_PAGE, securityEventKindSchema } from '@kassa/contract';
import type { ClientInfo, SecurityLog } from '../auth/service.js';
import { deviceOf } from './device.js';
import type { SecurityEventsRepository } from './repository.js';

/** Entries older than this go: a year of sign-ins is enough to spot a stranger. */
export const LOG_KEEP_MS = 365 * 86_400_000;
/** And at most this many per user, so a guesser's failed sign-ins cannot fill the disk. */
export const LOG_KEEP_ROWS = 1000;

/** The per-user security log: written by auth, two-factor and this module; read on the user page. */
export class SecurityLogService implements SecurityLog {
  constructor(
    private readonly repository: SecurityEventsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async record(
    userId: number,
    kind: SecurityEventKind,
    details: { client?: ClientInfo; detail?: string } = {},
  ): Promise<void> {
    const at = this.now();
    const { client, detail } = details;
    await this.repository.insert({
      user_id: userId,
      kind,
      at,
      ip: client?.ip ?? null,
      device: client === undefined ? null : deviceOf(client.userAgent),
      detail: detail === undefined ? null : detail.slice(0, 200),
    });
    await this.repository.prune(userId, at - LOG_KEEP_MS, LOG_KEEP_ROWS);
  }

  /** A page of the user's log, newest first. */
  async page(userId: number, query: SecurityLogQuery): Promise<SecurityLogPage> {
    const rows = await this.repository.page(userId, query.before, SECURITY_LOG_PAGE + 1);
    const events = rows.slice(0, SECURITY_LOG_PAGE).map((row) => ({
      id: row.id,
      // Kinds are written from the contract's list only.
      kind: securityEventKindSchema.parse(row.kind),
      at: new Date(row.at).toISOString(),
      ip: row.ip,
      device: row.device,
      detail: row.detail,
    }));
    return { events, nextBefore: rows.length > SECURITY_LOG_PAGE ? (events.at(-1)?.id ?? null) : null };
  }
}
