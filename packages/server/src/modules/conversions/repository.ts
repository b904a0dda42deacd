import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { conversionFromColumns as toRow, type ConversionRow } from '../ledger/index.js';
import { olderThan, type Keyset } from '../../db/keyset.js';

/** Reads of conversions; every query is scoped by user. The ledger writer writes them (ledger/writer.ts). */
export class ConversionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(userId: number, id: number): Promise<ConversionRow | undefined> {
    const row = await this.db
      .selectFrom('conversions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  /**
   * At most `limit` conversions with start <= time <= end, newest first (time, then id), strictly
   * older than `before` when given (keyset paging; the (user_id, time) index serves it).
   */
  async between(
    userId: number,
    q: { start: number; end: number; limit: number; before?: Keyset | undefined },
  ): Promise<ConversionRow[]> {
    let query = this.db
      .selectFrom('conversions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('time', '>=', q.start)
      .where('time', '<=', q.end);
    if (q.before !== undefined) query = query.where(olderThan(q.before));
    const rows = await query.orderBy('time', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
    return rows.map(toRow);
  }
}
