import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The SQL of demo visitors: users of role DEMO with an expiry (migration 0030). A DEMO user made
 * otherwise (the CLI's --role DEMO) has none, and is neither counted nor cleaned up.
 */
export class DemoVisitorsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The visitors whose expiry has come at `now`, oldest first. */
  async expired(now: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'DEMO')
      .where('demo_expires_at', 'is not', null)
      .where('demo_expires_at', '<=', now)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The visitors beyond the newest `keep` (ids grow with creation), oldest first. */
  async beyondNewest(keep: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'DEMO')
      .where('demo_expires_at', 'is not', null)
      .orderBy('id', 'desc')
      .execute();
    return rows
      .slice(keep)
      .map((r) => r.id)
      .reverse();
  }

  /** Deletes one visitor; every row of theirs goes with them (foreign keys cascade). */
  async delete(id: number): Promise<void> {
    await this.db
      .deleteFrom('users')
      .where('id', '=', id)
      .where('role', '=', 'DEMO')
      .where('demo_expires_at', 'is not', null)
      .execute();
  }
}
