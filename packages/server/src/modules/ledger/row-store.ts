import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { idSlices } from '../../db/id-slices.js';
import type { ConversionsTable, DB, TransactionsTable } from '../../db/schema.js';
import { insertMany } from '../../db/insert-many.js';
import { monthOfDay, type TotalDelta } from './daily-totals.js';
import {
  conversionColumns,
  conversionFromColumns,
  conversionPocketColumns,
  keptPocket,
  pocketColumn,
  transactionColumns,
  transactionFromColumns,
  type ConversionRow,
  type TransactionRow,
} from './rows.js';
import {
  CONVERSION_COLUMNS,
  CONVERSION_COPY_COLUMNS,
  TRANSACTION_COLUMNS,
  TRANSACTION_COPY_COLUMNS,
  stamps,
} from './stored-columns.js';

// The SQL that writes rows of `transactions` and `conversions`: the two tables have one shape of
// writes (insert one or many, lock, update, delete one or many). Only the LedgerWriter
// (writer.ts) calls it, so no write can forget the derived tables.

/** A row to insert: under its own id when it has one (ids taken first, or put back by undo), stamped `at` unless it says otherwise. */
export type NewRow<R> = Omit<R, 'id'> & {
  id?: number;
  createdAt?: number;
  updatedAt?: number;
  /** Who entered it (a restore's rows keep theirs); the writer's actor unless it says otherwise. */
  createdBy?: number | null;
  updatedBy?: number | null;
};

/** The columns undo gives back after a bulk update, per id (the writer's restoreTransactionColumns). */
export interface RestoredColumns {
  id: number;
  category_id: number;
  description: string;
  updated_at: number;
}

/** A select of rows from another table (undo's saved rows) that the ledger writes back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table of DB may be the source
export type RowSource<O> = SelectQueryBuilder<DB, any, O>;

/** Inserts rows of a ledger table: with the ids they carry (taken first, or undo's), else the database's. */
async function insertRowsOf<R extends { id?: number }, T extends 'transactions' | 'conversions'>(
  db: Kysely<DB>,
  table: T,
  columns: readonly (keyof DB[T] & string)[],
  rows: readonly R[],
  toColumns: (row: R) => Partial<Record<keyof DB[T] & string, unknown>>,
): Promise<void> {
  const withId = rows.filter((r) => r.id !== undefined);
  const withoutId = withId.length === rows.length ? [] : rows.filter((r) => r.id === undefined);
  await insertMany(db, table, columns, withId, toColumns);
  await insertMany(
    db,
    table,
    columns.filter((c) => c !== 'id'),
    withoutId,
    toColumns,
  );
}

/** Every change of a row makes its version one more (migration 0040). */
const nextVersion = sql<number>`version + 1`;

/** Writes of ledger rows; every statement is scoped by user. */
export class RowStore {
  /** `actor`: the user whose writes these are, stamped on the rows as who entered or changed them. */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly actor: number | null = null,
  ) {}

  async insertTransaction(userId: number, t: NewRow<TransactionRow>, at: number): Promise<number> {
    const row = await this.db
      .insertInto('transactions')
      .values({
        ...(t.id === undefined ? {} : { id: t.id }),
        user_id: userId,
        ...transactionColumns(t),
        ...pocketColumn(t),
        ...stamps(t, at, this.actor),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Many rows in multi-row statements (db/insert-many.ts), other requests served between them (a restore's 340k rows). */
  async insertTransactions(userId: number, rows: readonly NewRow<TransactionRow>[], at: number): Promise<void> {
    await insertRowsOf(this.db, 'transactions', TRANSACTION_COLUMNS, rows, (t) => ({
      id: t.id,
      user_id: userId,
      ...transactionColumns(t),
      ...pocketColumn(t),
      ...stamps(t, at, this.actor),
    }));
  }

  async insertConversion(userId: number, c: NewRow<ConversionRow>, at: number): Promise<number> {
    const row = await this.db
      .insertInto('conversions')
      .values({
        ...(c.id === undefined ? {} : { id: c.id }),
        user_id: userId,
        ...conversionColumns(c),
        ...conversionPocketColumns(c),
        ...stamps(c, at, this.actor),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertConversions(userId: number, rows: readonly NewRow<ConversionRow>[], at: number): Promise<void> {
    await insertRowsOf(this.db, 'conversions', CONVERSION_COLUMNS, rows, (c) => ({
      id: c.id,
      user_id: userId,
      ...conversionColumns(c),
      ...conversionPocketColumns(c),
      ...stamps(c, at, this.actor),
    }));
  }

  /**
   * Locks the row for the rest of the database transaction and returns it as it is now (a no-op
   * update: PostgreSQL makes concurrent editors wait, so two edits cannot both start from the
   * same old row). Undefined when it is gone.
   */
  async lockTransaction(userId: number, id: number): Promise<TransactionRow | undefined> {
    const row = await this.db
      .updateTable('transactions')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : transactionFromColumns(row);
  }

  async lockConversion(userId: number, id: number): Promise<ConversionRow | undefined> {
    const row = await this.db
      .updateTable('conversions')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : conversionFromColumns(row);
  }

  /** An edit keeps the row's pocket while its currency stays (rows.ts keptPocket). */
  async updateTransaction(userId: number, id: number, t: Omit<TransactionRow, 'id'>, at: number): Promise<void> {
    await this.db
      .updateTable('transactions')
      .set({
        ...transactionColumns(t),
        pocket_id: keptPocket('currency', t.currency, 'pocket_id'),
        updated_at: at,
        updated_by: this.actor,
        version: nextVersion,
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async updateConversion(userId: number, id: number, c: Omit<ConversionRow, 'id'>, at: number): Promise<void> {
    await this.db
      .updateTable('conversions')
      .set({
        ...conversionColumns(c),
        from_pocket_id: keptPocket('from_currency', c.fromCurrency, 'from_pocket_id'),
        to_pocket_id: keptPocket('to_currency', c.toCurrency, 'to_pocket_id'),
        updated_at: at,
        updated_by: this.actor,
        version: nextVersion,
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** The bulk edit's change of category and/or description on many rows, a statement per slice of ids. */
  async setTransactionColumns(
    userId: number,
    ids: readonly number[],
    changes: { categoryId?: number | undefined; description?: string | undefined },
    at: number,
  ): Promise<void> {
    const set = {
      ...(changes.categoryId === undefined ? {} : { category_id: changes.categoryId }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      updated_at: at,
      updated_by: this.actor,
      version: nextVersion,
    };
    for (const part of idSlices(ids))
      await this.db
        .updateTable('transactions')
        .set(set)
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .execute();
  }

  /**
   * Gives rows back the category, description and updated_at that `source` names per id; returns
   * how many. The version counts on: the row's number after the update must never name it again
   * (a client holding that number would overwrite what comes next).
   */
  async restoreTransactionColumns(userId: number, source: RowSource<RestoredColumns>): Promise<number> {
    const result = await sql`update transactions set
        category_id = s.category_id, description = s.description, updated_at = s.updated_at,
        version = transactions.version + 1
      from (${source}) s
      where transactions.id = s.id and transactions.user_id = ${userId}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Deletes the row and returns it as it was; undefined when there was none (another request won). */
  async deleteTransaction(userId: number, id: number): Promise<TransactionRow | undefined> {
    const [row] = await this.deleteTransactions(userId, [id]);
    return row;
  }

  async deleteConversion(userId: number, id: number): Promise<ConversionRow | undefined> {
    const [row] = await this.deleteConversions(userId, [id]);
    return row;
  }

  /** Deletes the user's rows with these ids (missing ones are ignored); returns the rows deleted. */
  async deleteTransactions(userId: number, ids: readonly number[]): Promise<TransactionRow[]> {
    const deleted: TransactionRow[] = [];
    for (const part of idSlices(ids)) {
      const rows = await this.db
        .deleteFrom('transactions')
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .returningAll()
        .execute();
      deleted.push(...rows.map(transactionFromColumns));
    }
    return deleted;
  }

  async deleteConversions(userId: number, ids: readonly number[]): Promise<ConversionRow[]> {
    const deleted: ConversionRow[] = [];
    for (const part of idSlices(ids)) {
      const rows = await this.db
        .deleteFrom('conversions')
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .returningAll()
        .execute();
      deleted.push(...rows.map(conversionFromColumns));
    }
    return deleted;
  }

  /** Deletes the user's transactions with these ids without reading them back (bulk delete: its totals are summed in SQL first). */
  async dropTransactions(userId: number, ids: readonly number[]): Promise<void> {
    for (const part of idSlices(ids))
      await this.db.deleteFrom('transactions').where('user_id', '=', userId).where('id', 'in', part).execute();
  }

  /**
   * The daily-total contributions of the user's transactions with these ids, summed per total in
   * SQL (a bulk of 10k rows is a few hundred totals); `categoryId` counts them under that category
   * instead of their own (the category a bulk update moves them to). Signed by `sign`.
   */
  async transactionTotals(
    userId: number,
    ids: readonly number[],
    sign: 1 | -1,
    categoryId?: number,
  ): Promise<TotalDelta[]> {
    const category = categoryId === undefined ? sql<number>`category_id` : sql<number>`${sql.lit(categoryId)}`;
    const totals: TotalDelta[] = [];
    for (const part of idSlices(ids)) {
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
          from transactions where user_id = ${userId} and id in (${sql.join(part)})
          group by day, currency, kind, business_type, is_income${categoryId === undefined ? sql`, category_id` : sql``}`.execute(
        this.db,
      );
      for (const r of rows)
        totals.push({
          day: r.day,
          month: monthOfDay(r.day),
          currency: r.currency,
          category_id: Number(r.category_id),
          kind: r.kind,
          business_type: (r.business_type ?? '') as TotalDelta['business_type'],
          is_income: Number(r.is_income),
          amount: sign * Number(r.amount),
          count: sign * Number(r.count),
        });
    }
    return totals;
  }

  /** The user's conversions with these ids, as they are now. */
  async conversionsByIds(userId: number, ids: readonly number[]): Promise<ConversionRow[]> {
    const found: ConversionRow[] = [];
    for (const part of idSlices(ids)) {
      const rows = await this.db
        .selectFrom('conversions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .execute();
      found.push(...rows.map(conversionFromColumns));
    }
    return found;
  }

  /** The ids a restore source names (undo's saved rows). */
  async idsOf(source: RowSource<{ id: number }>): Promise<number[]> {
    return (await source.execute()).map((r) => r.id);
  }

  /** Inserts rows as `source` selects them, every column of TRANSACTION_COPY_COLUMNS (undo puts deleted rows back); returns how many. */
  async insertTransactionsFrom(source: RowSource<object>): Promise<number> {
    const result = await this.db
      .insertInto('transactions')
      .columns(TRANSACTION_COPY_COLUMNS)
      .expression(source as RowSource<Selectable<TransactionsTable>>)
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /** Inserts rows as `source` selects them, every column of CONVERSION_COPY_COLUMNS; returns how many. */
  async insertConversionsFrom(source: RowSource<object>): Promise<number> {
    const result = await this.db
      .insertInto('conversions')
      .columns(CONVERSION_COPY_COLUMNS)
      .expression(source as RowSource<Selectable<ConversionsTable>>)
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /** Every row of the user, both tables: a restore of the books replaces them. */
  async dropAll(userId: number): Promise<void> {
    await this.db.deleteFrom('transactions').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('conversions').where('user_id', '=', userId).execute();
  }
}
