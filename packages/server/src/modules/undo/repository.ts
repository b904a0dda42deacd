import { sql, type Kysely } from 'kysely';
import type { DB, UndoEntriesTable } from '../../db/schema.js';
import { monthOfDay, type TotalDelta } from '../ledger/daily-totals.js';

/** Ids per statement: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
export const ID_SLICE = 5000;

/** Slices of at most ID_SLICE ids. */
export function* slices(ids: readonly number[]): Generator<number[]> {
  for (let i = 0; i < ids.length; i += ID_SLICE) yield ids.slice(i, i + ID_SLICE);
}

export type UndoEntry = Omit<UndoEntriesTable, 'id'> & { id: number };

/** What a bulk update wrote: undo puts back each row's own value of these columns. */
export interface UndoChanges {
  categoryId?: number | undefined;
  description?: string | undefined;
}

/** Every column of a transaction, id included: what a restore must give back. */
const TRANSACTION_COLUMNS = [
  'id',
  'user_id',
  'category_id',
  'kind',
  'business_type',
  'is_income',
  'amount',
  'currency',
  'description',
  'time',
  'day',
  'created_at',
  'updated_at',
  'pocket_id',
] as const;

const CONVERSION_COLUMNS = [
  'id',
  'user_id',
  'from_amount',
  'from_currency',
  'to_amount',
  'to_currency',
  'description',
  'time',
  'day',
  'created_at',
  'updated_at',
  'from_pocket_id',
  'to_pocket_id',
] as const;

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
    for (const part of slices(ids)) {
      const result = await this.db
        .insertInto('undo_transactions')
        .columns([...TRANSACTION_COLUMNS, 'undo_id'])
        .expression((eb) =>
          eb
            .selectFrom('transactions')
            .select([...TRANSACTION_COLUMNS, sql.lit(undoId).as('undo_id')])
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
    for (const part of slices(ids)) {
      const result = await this.db
        .insertInto('undo_conversions')
        .columns([...CONVERSION_COLUMNS, 'undo_id'])
        .expression((eb) =>
          eb
            .selectFrom('conversions')
            .select([...CONVERSION_COLUMNS, sql.lit(undoId).as('undo_id')])
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

  /**
   * The daily-total contributions of the saved transactions, summed per total in SQL (a bulk of
   * 10k rows is a few hundred totals); `categoryId` counts them under that category instead of
   * their own (the category a bulk update moved them to). Signed by `sign`.
   */
  async savedTotals(undoId: number, sign: 1 | -1, categoryId?: number): Promise<TotalDelta[]> {
    const category = categoryId === undefined ? sql<number>`category_id` : sql<number>`${sql.lit(categoryId)}`;
    const { rows } = await sql<{
      day: number;
      currency: string;
      // Literals and sums come back as text from some drivers; Number() reads either.
      category_id: number | string;
      kind: TotalDelta['kind'];
      business_type: string | null;
      is_income: number | string;
      amount: number | string;
      count: number | string;
    }>`select day, currency, ${category} as category_id, kind, business_type, is_income,
          sum(amount) as amount, count(*) as count
        from undo_transactions where undo_id = ${undoId}
        group by day, currency, kind, business_type, is_income${categoryId === undefined ? sql`, category_id` : sql``}`.execute(
      this.db,
    );
    return rows.map((r) => ({
      day: r.day,
      month: monthOfDay(r.day),
      currency: r.currency,
      category_id: Number(r.category_id),
      kind: r.kind,
      business_type: (r.business_type ?? '') as TotalDelta['business_type'],
      is_income: Number(r.is_income),
      amount: sign * Number(r.amount),
      count: sign * Number(r.count),
    }));
  }

  /** The two legs of every saved conversion, summed per total, signed by `sign`. */
  async savedConversionTotals(undoId: number, sign: 1 | -1): Promise<TotalDelta[]> {
    const { rows } = await sql<{
      day: number;
      currency: string;
      is_income: number | string;
      amount: number | string;
      count: number | string;
    }>`select day, currency, is_income, sum(amount) as amount, count(*) as count from (
          select day, from_currency as currency, 0 as is_income, from_amount as amount
            from undo_conversions where undo_id = ${undoId}
          union all
          select day, to_currency as currency, 1 as is_income, to_amount as amount
            from undo_conversions where undo_id = ${undoId}
        ) legs group by day, currency, is_income`.execute(this.db);
    return rows.map((r) => ({
      day: r.day,
      month: monthOfDay(r.day),
      currency: r.currency,
      category_id: 0,
      kind: 'conversion',
      business_type: '',
      is_income: Number(r.is_income),
      amount: sign * Number(r.amount),
      count: sign * Number(r.count),
    }));
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

  /** Puts the saved rows back under their own ids, every column as it was; returns how many. */
  async restoreRows(undoId: number): Promise<number> {
    const transactions = await this.db
      .insertInto('transactions')
      .columns(TRANSACTION_COLUMNS)
      .expression((eb) => eb.selectFrom('undo_transactions').select(TRANSACTION_COLUMNS).where('undo_id', '=', undoId))
      .executeTakeFirst();
    const conversions = await this.db
      .insertInto('conversions')
      .columns(CONVERSION_COLUMNS)
      .expression((eb) => eb.selectFrom('undo_conversions').select(CONVERSION_COLUMNS).where('undo_id', '=', undoId))
      .executeTakeFirst();
    return Number(transactions.numInsertedOrUpdatedRows ?? 0) + Number(conversions.numInsertedOrUpdatedRows ?? 0);
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

  /** Gives the updated rows back their saved category, description and updated_at; returns how many. */
  async revertUpdate(undoId: number, userId: number): Promise<number> {
    const result = await sql`update transactions set
        category_id = u.category_id, description = u.description, updated_at = u.updated_at
      from undo_transactions u
      where u.undo_id = ${undoId} and transactions.id = u.id and transactions.user_id = ${userId}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }
}
