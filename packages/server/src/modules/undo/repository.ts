import { sql, type Kysely } from 'kysely';
import { idSlices } from '../../db/id-slices.js';
import type { DB, UndoEntriesTable } from '../../db/schema.js';
import { CONVERSION_COPY_COLUMNS, TRANSACTION_COPY_COLUMNS } from '../ledger/index.js';

export type UndoEntry = Omit<UndoEntriesTable, 'id'> & { id: number };

/** What a bulk update wrote: undo puts back each row's own value of these columns. */
export interface UndoChanges {
  categoryId?: number | undefined;
  description?: string | undefined;
}

/** SQL of the undo log; every query is scoped by user or by an entry the caller found by user. */
export class UndoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Drops the user's expired entries; their saved rows go with them (cascade). */
  async dropExpired(userId: number, now: number): Promise<void> {
    await this.db.deleteFrom('undo_entries').where('user_id', '=', userId).where('expires_at', '<', now).execute();
  }

  async insertEntry(entry: Omit<UndoEntry, 'id'>): Promise<number> {
    const row = await this.db.insertInto('undo_entries').values(entry).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async setCount(undoId: number, count: number): Promise<void> {
    await this.db.updateTable('undo_entries').set({ count }).where('id', '=', undoId).execute();
  }

  /** Copies the user's transactions with these ids, as they are now, into the entry; returns how many. */
  async saveTransactions(undoId: number, userId: number, ids: readonly number[]): Promise<number> {
    let saved = 0;
    for (const part of idSlices(ids)) {
      const result = await this.db
        .insertInto('undo_transactions')
        .columns([...TRANSACTION_COPY_COLUMNS, 'undo_id'])
        .expression((eb) =>
          eb
            .selectFrom('transactions')
            .select([...TRANSACTION_COPY_COLUMNS, sql.lit(undoId).as('undo_id')])
            .where('user_id', '=', userId)
            .where('id', 'in', part),
        )
        .executeTakeFirst();
      saved += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return saved;
  }

  /** Copies the user's conversions with these ids into the entry; returns how many. */
  async saveConversions(undoId: number, userId: number, ids: readonly number[]): Promise<number> {
    let saved = 0;
    for (const part of idSlices(ids)) {
      const result = await this.db
        .insertInto('undo_conversions')
        .columns([...CONVERSION_COPY_COLUMNS, 'undo_id'])
        .expression((eb) =>
          eb
            .selectFrom('conversions')
            .select([...CONVERSION_COPY_COLUMNS, sql.lit(undoId).as('undo_id')])
            .where('user_id', '=', userId)
            .where('id', 'in', part),
        )
        .executeTakeFirst();
      saved += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return saved;
  }

  async findByHash(userId: number, tokenHash: string): Promise<UndoEntry | undefined> {
    return this.db
      .selectFrom('undo_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the entry used when it still works; false when another request used it first or it expired. */
  async claim(undoId: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('undo_entries')
      .set({ used_at: now })
      .where('id', '=', undoId)
      .where('used_at', 'is', null)
      .where('expires_at', '>=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Drops the saved rows of a used entry (the entry stays until it expires, to say it was used). */
  async dropRows(undoId: number): Promise<void> {
    await this.db.deleteFrom('undo_transactions').where('undo_id', '=', undoId).execute();
    await this.db.deleteFrom('undo_conversions').where('undo_id', '=', undoId).execute();
  }

  /** The categories the saved transactions had, with how many rows each. */
  async savedCategories(undoId: number): Promise<{ categoryId: number; count: number }[]> {
    const rows = await this.db
      .selectFrom('undo_transactions')
      .select((eb) => ['category_id', eb.fn.countAll<number | string>().as('count')])
      .where('undo_id', '=', undoId)
      .groupBy('category_id')
      .execute();
    return rows.map((r) => ({ categoryId: r.category_id, count: Number(r.count) }));
  }

  /** How many saved rows' ids are taken again (only a restore of the books can do that). */
  async idsInUse(undoId: number): Promise<number> {
    const { rows } = await sql<{ n: number | string }>`select
        (select count(*) from undo_transactions u join transactions t on t.id = u.id
          where u.undo_id = ${undoId}) +
        (select count(*) from undo_conversions u join conversions c on c.id = u.id
          where u.undo_id = ${undoId}) as n`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * How many of the updated rows are gone, and how many differ from what the update left (any
   * column but updated_at: the saved value, or the changed one for the changed columns).
   */
  async driftSince(undoId: number, userId: number, changes: UndoChanges): Promise<{ gone: number; changed: number }> {
    const category = changes.categoryId === undefined ? sql`u.category_id` : sql`${changes.categoryId}`;
    const description = changes.description === undefined ? sql`u.description` : sql`${changes.description}`;
    const { rows } = await sql<{ gone: number | string | null; changed: number | string | null }>`select
        sum(case when t.id is null then 1 else 0 end) as gone,
        sum(case when t.id is not null and (
          t.category_id <> ${category} or t.description <> ${description} or t.kind <> u.kind
          or coalesce(t.business_type, '') <> coalesce(u.business_type, '') or t.is_income <> u.is_income
          or t.amount <> u.amount or t.currency <> u.currency or t.time <> u.time) then 1 else 0 end) as changed
      from undo_transactions u
      left join transactions t on t.id = u.id and t.user_id = ${userId}
      where u.undo_id = ${undoId}`.execute(this.db);
    return { gone: Number(rows[0]?.gone ?? 0), changed: Number(rows[0]?.changed ?? 0) };
  }

  /** The saved rows as the ledger writer puts them back: every column, under their own ids. */
  savedRows(undoId: number) {
    return {
      transactions: this.db
        .selectFrom('undo_transactions')
        .select(TRANSACTION_COPY_COLUMNS)
        .where('undo_id', '=', undoId),
      conversions: this.db.selectFrom('undo_conversions').select(CONVERSION_COPY_COLUMNS).where('undo_id', '=', undoId),
    };
  }

  /** What a bulk update's undo gives back per row: the saved category, description and updated_at. */
  savedColumns(undoId: number) {
    return this.db
      .selectFrom('undo_transactions')
      .select(['id', 'category_id', 'description', 'updated_at'])
      .where('undo_id', '=', undoId);
  }
}
