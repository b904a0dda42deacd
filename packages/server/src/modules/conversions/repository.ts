import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import {
  conversionColumns as toColumns,
  conversionFromColumns as toRow,
  conversionPocketColumns,
  keptPocket,
  type ConversionRow,
} from '../ledger/rows.js';
import { olderThan, type Keyset } from '../../db/keyset.js';

/** SQL for conversions; every query is scoped by user. */
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

  async insert(userId: number, c: Omit<ConversionRow, 'id'>, at: number): Promise<number> {
    const row = await this.db
      .insertInto('conversions')
      .values({ user_id: userId, ...toColumns(c), ...conversionPocketColumns(c), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(userId: number, id: number, c: Omit<ConversionRow, 'id'>, at: number): Promise<void> {
    await this.db
      .updateTable('conversions')
      .set({
        ...toColumns(c),
        from_pocket_id: keptPocket('from_currency', c.fromCurrency, 'from_pocket_id'),
        to_pocket_id: keptPocket('to_currency', c.toCurrency, 'to_pocket_id'),
        updated_at: at,
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Locks the row for the rest of the database transaction and returns it as it is now (a no-op
   * update: PostgreSQL makes concurrent editors wait, so two edits cannot both start from the
   * same old row). Undefined when it is gone.
   */
  async lock(userId: number, id: number): Promise<ConversionRow | undefined> {
    const row = await this.db
      .updateTable('conversions')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  /** Deletes the row and returns it as it was; undefined when there was none (another request won). */
  async delete(userId: number, id: number): Promise<ConversionRow | undefined> {
    const row = await this.db
      .deleteFrom('conversions')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }
}
