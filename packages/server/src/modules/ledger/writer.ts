import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { BULK_ROWS, deferSearchIndex } from '../../db/search-index.js';
import { lockUserLedger } from '../../db/user-lock.js';
import { breather } from '../../util/breathe.js';
import { DeltaSum, rebuildDerived } from './derived.js';
import { conversionDeltas, DailyTotalsRepository, transactionDeltas, type TotalDelta } from './daily-totals.js';
import { markUsed } from './last-used.js';
import { rollUpWritten } from './main-values.js';
import { RowStore, type NewRow, type RestoredColumns, type RowSource } from './row-store.js';
import type { ConversionRow, TransactionRow } from './rows.js';
import { refuseChanged } from './versions.js';
import { converterOf, valuesAfter, type MainValuation } from './write-values.js';

// The ledger's write side (docs/ARCHITECTURE.md, DESIGN §4): the only code that inserts, updates
// or deletes transactions and conversions. Every write keeps what is derived from the rows in
// step, in the caller's database transaction: the daily totals and their native measures per day
// and month, the dirty months of the main values, the kept balance history, and the pickers'
// last use. The read side's twin is LedgerReader (reader.ts).

type Row = Omit<TransactionRow, 'id'>;
type Conversion = Omit<ConversionRow, 'id'>;

/** What a batch does besides writing rows. */
export interface BatchOptions {
  /** Currencies and categories of the rows move to the top of their pickers (rows the user enters or imports). */
  markUsed?: boolean;
  /** The derived tables are rebuilt from the rows at the end (seeding, restoring whole books). */
  rebuild?: boolean;
  /**
   * Values the changed totals as they are written and rolls up their months (write-values.ts), so
   * the first report after a big write reads them at once; without it the next report values them.
   */
  valuation?: MainValuation;
}

export class LedgerWriter {
  private readonly rows: RowStore;

  private constructor(
    /** The caller's database transaction: reads that answer a write go through it too (no second connection). */
    readonly db: Kysely<DB>,
    readonly userId: number,
    /** The instant the writes are stamped with (created_at, updated_at, last use). */
    readonly at: number,
    /** The user whose writes these are (created_by, updated_by): a member in a shared book. */
    readonly actor: number,
  ) {
    this.rows = new RowStore(db, actor);
  }

  /**
   * The writer of one book's rows (`userId`, the book's id) inside the caller's database
   * transaction, for `actor` (by default the book's founder: the CLI, jobs, seeding). It takes the
   * book's ledger lock first, so two writes of the book take turns (db/user-lock.ts).
   */
  static async open(trx: Kysely<DB>, userId: number, at: number, actor: number = userId): Promise<LedgerWriter> {
    await lockUserLedger(trx, userId);
    return new LedgerWriter(trx, userId, at, actor);
  }

  /**
   * Inserts many already-checked transactions of one user in a database transaction of its own and
   * rebuilds what is derived from them: for seeding (demo, benchmarks, tests), where a row at a
   * time would take minutes.
   */
  static async load(
    db: Kysely<DB>,
    userId: number,
    rows: readonly NewRow<TransactionRow>[],
    at: number,
    valuation?: MainValuation,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const batch = (await LedgerWriter.open(trx, userId, at)).batch({
        rebuild: true,
        ...(valuation && { valuation }),
      });
      await batch.insertTransactions(rows);
      await batch.finish();
    });
  }

  /** Adds one transaction; answers it with its id. */
  async addTransaction(row: Row): Promise<TransactionRow> {
    const id = await this.rows.insertTransaction(this.userId, row, this.at);
    await this.adjust(transactionDeltas(row, 1));
    await markUsed(this.db, this.userId, { currencies: [row.currency], categoryIds: [row.categoryId] }, this.at);
    return { ...row, id };
  }

  /** Replaces a transaction's columns (its pocket stays while its currency does); answers the row as it was, undefined when it is gone. */
  async replaceTransaction(id: number, row: Row, onVersion?: number): Promise<TransactionRow | undefined> {
    // The row as it is now, locked: another edit may have landed since the caller read it.
    const current = await this.rows.lockTransaction(this.userId, id);
    if (current === undefined) return undefined;
    refuseChanged('Transaction', id, current.version, onVersion);
    await this.rows.updateTransaction(this.userId, id, row, this.at);
    await this.adjust([...transactionDeltas(current, -1), ...transactionDeltas(row, 1)]);
    await markUsed(this.db, this.userId, { currencies: [row.currency], categoryIds: [row.categoryId] }, this.at);
    return current;
  }

  /** Deletes a transaction; answers it as it was, undefined when there was none (another request won). */
  async deleteTransaction(id: number, onVersion?: number): Promise<TransactionRow | undefined> {
    if (onVersion !== undefined) {
      const current = await this.rows.lockTransaction(this.userId, id);
      if (current === undefined) return undefined;
      refuseChanged('Transaction', id, current.version, onVersion);
    }
    const deleted = await this.rows.deleteTransaction(this.userId, id);
    if (deleted !== undefined) await this.adjust(transactionDeltas(deleted, -1));
    return deleted;
  }

  async addConversion(row: Conversion): Promise<ConversionRow> {
    const id = await this.rows.insertConversion(this.userId, row, this.at);
    await this.adjust(conversionDeltas(row, 1));
    await markUsed(this.db, this.userId, { currencies: [row.fromCurrency, row.toCurrency] }, this.at);
    return { ...row, id };
  }

  async replaceConversion(id: number, row: Conversion, onVersion?: number): Promise<ConversionRow | undefined> {
    const current = await this.rows.lockConversion(this.userId, id);
    if (current === undefined) return undefined;
    refuseChanged('Conversion', id, current.version, onVersion);
    await this.rows.updateConversion(this.userId, id, row, this.at);
    await this.adjust([...conversionDeltas(current, -1), ...conversionDeltas(row, 1)]);
    await markUsed(this.db, this.userId, { currencies: [row.fromCurrency, row.toCurrency] }, this.at);
    return current;
  }

  async deleteConversion(id: number, onVersion?: number): Promise<ConversionRow | undefined> {
    if (onVersion !== undefined) {
      const current = await this.rows.lockConversion(this.userId, id);
      if (current === undefined) return undefined;
      refuseChanged('Conversion', id, current.version, onVersion);
    }
    const deleted = await this.rows.deleteConversion(this.userId, id);
    if (deleted !== undefined) await this.adjust(conversionDeltas(deleted, -1));
    return deleted;
  }

  /** Many rows at once (import, undo, bulk edit, restore, seeding): the derived tables follow at `finish()`. */
  batch(options: BatchOptions = {}): LedgerBatch {
    return new LedgerBatch(this.db, this.userId, this.at, this.rows, options);
  }

  private async adjust(deltas: readonly TotalDelta[]): Promise<void> {
    await new DailyTotalsRepository(this.db).apply(this.userId, deltas);
  }
}

/**
 * Writes of many rows whose changes to the daily totals are summed as they come (a million rows
 * need not be held) and applied once by `finish()`, in statements of many totals; only the
 * changed totals lose their main values. Call `finish()` before the database transaction ends.
 */
export class LedgerBatch {
  private readonly deltas = new DeltaSum();
  private readonly currencies = new Set<string>();
  private readonly categoryIds = new Set<number>();
  private finished = false;
  private rebuild: boolean;
  private searchIndexDeferred = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
    private readonly at: number,
    private readonly rows: RowStore,
    private readonly options: BatchOptions,
  ) {
    this.rebuild = options.rebuild === true;
  }

  /** Inserts rows, under their own ids when they carry one (db/id-allocation.ts lets a caller know them first). */
  async insertTransactions(rows: readonly NewRow<TransactionRow>[]): Promise<void> {
    await this.bulk(rows.length);
    await this.rows.insertTransactions(this.userId, rows, this.at);
    const pace = breather();
    for (const t of rows) {
      if (pace.due()) await pace.pause();
      this.deltas.add(transactionDeltas(t, 1));
      this.used([t.currency], t.categoryId);
    }
  }

  async insertConversions(rows: readonly NewRow<ConversionRow>[]): Promise<void> {
    await this.bulk(rows.length);
    await this.rows.insertConversions(this.userId, rows, this.at);
    const pace = breather();
    for (const c of rows) {
      if (pace.due()) await pace.pause();
      this.deltas.add(conversionDeltas(c, 1));
      this.used([c.fromCurrency, c.toCurrency]);
    }
  }

  /** Many rows at once leave the search index's merge until after the commit (db/search-index.ts). */
  private async bulk(rows: number): Promise<void> {
    if (rows < BULK_ROWS || this.searchIndexDeferred) return;
    this.searchIndexDeferred = true;
    await deferSearchIndex(this.db);
  }

  /** One conversion whose id the caller needs at once (import links point at it). */
  async insertConversion(row: NewRow<ConversionRow>): Promise<number> {
    const id = await this.rows.insertConversion(this.userId, row, this.at);
    this.deltas.add(conversionDeltas(row, 1));
    this.used([row.fromCurrency, row.toCurrency]);
    return id;
  }

  /** Deletes the user's rows with these ids (others are ignored); answers the rows deleted. */
  async deleteTransactions(ids: readonly number[]): Promise<TransactionRow[]> {
    const deleted = await this.rows.deleteTransactions(this.userId, ids);
    for (const t of deleted) this.deltas.add(transactionDeltas(t, -1));
    return deleted;
  }

  async deleteConversions(ids: readonly number[]): Promise<ConversionRow[]> {
    const deleted = await this.rows.deleteConversions(this.userId, ids);
    for (const c of deleted) this.deltas.add(conversionDeltas(c, -1));
    return deleted;
  }

  /** Deletes the user's transactions with these ids without reading them back: their totals are summed in SQL (bulk delete). */
  async dropTransactions(ids: readonly number[]): Promise<void> {
    this.deltas.add(await this.rows.transactionTotals(this.userId, ids, -1));
    await this.rows.dropTransactions(this.userId, ids);
  }

  /** The bulk edit: a new category and/or description on many rows, set-based. */
  async setTransactionColumns(
    ids: readonly number[],
    changes: { categoryId?: number | undefined; description?: string | undefined },
  ): Promise<void> {
    if (changes.categoryId !== undefined) {
      this.deltas.add(await this.rows.transactionTotals(this.userId, ids, -1));
      this.deltas.add(await this.rows.transactionTotals(this.userId, ids, 1, changes.categoryId));
      this.used([], changes.categoryId);
    }
    await this.rows.setTransactionColumns(this.userId, ids, changes, this.at);
  }

  /** Gives rows back the category, description and updated_at that `source` selects per id (undo of a bulk update); answers how many. */
  async restoreTransactionColumns(source: RowSource<RestoredColumns>): Promise<number> {
    const ids = await this.rows.idsOf(source.clearSelect().select('id'));
    this.deltas.add(await this.rows.transactionTotals(this.userId, ids, -1));
    const count = await this.rows.restoreTransactionColumns(this.userId, source);
    this.deltas.add(await this.rows.transactionTotals(this.userId, ids, 1));
    return count;
  }

  /**
   * Puts deleted rows back exactly as `source` selects them, every column and id (undo of a
   * delete): transactions as row-store's TRANSACTION_COLUMNS, conversions as CONVERSION_COLUMNS.
   * Answers how many rows came back.
   */
  async restoreRows(source: {
    transactions: RowSource<{ id: number }>;
    conversions: RowSource<{ id: number }>;
  }): Promise<number> {
    const transactionIds = await this.rows.idsOf(source.transactions.clearSelect().select('id'));
    const conversionIds = await this.rows.idsOf(source.conversions.clearSelect().select('id'));
    const count =
      (await this.rows.insertTransactionsFrom(source.transactions)) +
      (await this.rows.insertConversionsFrom(source.conversions));
    this.deltas.add(await this.rows.transactionTotals(this.userId, transactionIds, 1));
    for (const c of await this.rows.conversionsByIds(this.userId, conversionIds))
      this.deltas.add(conversionDeltas(c, 1));
    return count;
  }

  /** Deletes every row of the user (a restore replaces the books); the derived tables are rebuilt at finish. */
  async dropAll(): Promise<void> {
    await this.rows.dropAll(this.userId);
    this.rebuild = true;
  }

  /** Applies the summed changes to the derived tables (or rebuilds them) and marks what was used. */
  async finish(): Promise<void> {
    if (this.finished) throw new Error('This ledger batch is already finished');
    this.finished = true;
    const converter = await converterOf(this.db, this.userId, this.options.valuation);
    if (this.rebuild) await rebuildDerived(this.db, this.userId, converter);
    else {
      const changes = this.deltas.changes();
      await new DailyTotalsRepository(this.db).applyMany(
        this.userId,
        changes,
        await valuesAfter(this.db, this.userId, changes, converter),
      );
      if (converter !== undefined) await rollUpWritten(this.db, this.userId, [...new Set(changes.map((d) => d.month))]);
    }
    if (this.options.markUsed === true)
      await markUsed(
        this.db,
        this.userId,
        { currencies: [...this.currencies], categoryIds: [...this.categoryIds] },
        this.at,
      );
  }

  private used(currencies: readonly string[], categoryId?: number): void {
    if (this.options.markUsed !== true) return;
    for (const c of currencies) this.currencies.add(c);
    if (categoryId !== undefined) this.categoryIds.add(categoryId);
  }
}
