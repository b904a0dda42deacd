import {
  MAX_INSTANT,
  type BulkRequest,
  type CategoryPageQuery,
  type MoneyAmount,
  type Transaction,
  type TransactionFilter,
  type TransactionInput,
  type Undoable,
} from '@kassa/contract';
import { currencyInfo, minorToMajor, parseAmount, utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pageOf, rowsToRead, type Page } from '../../http/paging.js';
import type { Owner } from '../auth/service.js';
import type { CategoryRow } from '../categories/repository.js';
import type { CategoriesService } from '../categories/service.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { ownedCurrency } from '../currencies/service.js';
import { roundScaled, scaledValue } from '../ledger/index.js';
import type { LedgerReader } from '../ledger/index.js';
import type { Share, TransactionRow } from '../ledger/index.js';
import { LedgerWriter } from '../ledger/index.js';
import type { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { recordUndo } from '../undo/record.js';
import { MembersRepository, notAMember } from '../members/repository.js';
import { enteredBy, UsersRepository } from '../users/repository.js';
import { bulkEdit } from './bulk.js';
import { TransactionsRepository, type TransactionQuery } from './repository.js';

/** A transaction checked by TransactionsService.check, ready for storeIn. */
export type CheckedTransaction = Omit<TransactionRow, 'id'>;

const rowTypeOf = (kind: TransactionRow['kind']): Transaction['rowType'] =>
  kind === 'loan' ? 'loan' : kind === 'business' ? 'invest' : 'transaction';

/** A closed loan or business category freezes its transactions (spec §4). */
function refuseClosed(category: CategoryRow): void {
  if (!category.isActive && (category.type === 'loan' || category.type === 'business')) {
    throw conflict(`Category ${category.name} is closed; its transactions cannot be added, changed or deleted`);
  }
}

/** Rules for transactions of kinds real, loan, business and external (DESIGN §4). */
export class TransactionsService {
  private readonly transactions: TransactionsRepository;
  private readonly currencies: UserCurrenciesRepository;
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly categories: CategoriesService,
    private readonly rates: RatesService,
    private readonly ledger: LedgerReader,
    private readonly now: () => number = Date.now,
  ) {
    this.transactions = new TransactionsRepository(db);
    this.currencies = new UserCurrenciesRepository(db);
    this.users = new UsersRepository(db);
  }

  private toDto(
    row: TransactionRow,
    converter: Converter | undefined,
    makers: ReadonlyMap<number, string>,
    lastFixpoint?: number,
  ): Transaction {
    const currency = currencyInfo(row.currency);
    const dto: Transaction = {
      id: row.id,
      isIncome: row.isIncome,
      amount: minorToMajor(BigInt(row.amount), currency.decimals),
      currency: row.currency,
      categoryId: row.categoryId,
      description: row.description,
      time: new Date(row.time).toISOString(),
      categType: row.kind,
      type: row.businessType,
      rowType: rowTypeOf(row.kind),
      createdBy: enteredBy(makers, row.createdBy),
      version: row.version ?? 1,
    };
    if (row.shares !== undefined && row.shares !== null) {
      dto.paidBy = row.paidBy ?? null;
      dto.shares = row.shares.map((s) => ({ userId: s.userId, weight: s.weight }));
    }
    // Listings mark rows at or before the last fixpoint: editing them moves that fixpoint's error.
    if (lastFixpoint !== undefined) dto.beforeFix = row.time <= lastFixpoint;
    if (converter !== undefined) {
      dto.convertedAmount = minorToMajor(
        converter.toMinor(BigInt(row.amount), currency, row.day),
        converter.to.decimals,
      );
      dto.convertedCurrency = converter.to.code;
    }
    return dto;
  }

  private async require(owner: Owner, id: number): Promise<TransactionRow> {
    const row = await this.transactions.find(owner.id, id);
    if (row === undefined) throw notFound(`Transaction ${id} not found`);
    return row;
  }

  /** Checks an input against its category and the user's currencies; returns the row to store. */
  private async resolve(
    owner: Owner,
    input: TransactionInput,
    existing?: TransactionRow,
  ): Promise<{ row: Omit<TransactionRow, 'id'>; category: CategoryRow }> {
    const category = await this.categories.require(owner.id, input.categoryId);
    refuseClosed(category);
    // An inactive real category takes no new transactions, but its existing ones stay editable.
    if (!category.isActive && existing?.categoryId !== category.id) {
      throw conflict(`Category ${category.name} is inactive; activate it to use it`);
    }
    const currency = await ownedCurrency(this.currencies, owner.id, input.currency, 'currency');
    const amount = parseAmount(input.amount, currency.decimals);
    if (!amount.ok) throw badRequest(`amount: ${amount.message}`);

    let isIncome: boolean;
    if (category.type === 'real') {
      isIncome = category.isIncome === true; // real transactions take the category's direction
    } else if (typeof input.isIncome === 'boolean') {
      isIncome = input.isIncome;
    } else {
      throw badRequest(`isIncome: is required for a ${category.type} transaction (true = IN, false = OUT)`);
    }
    const hasType = input.type !== undefined && input.type !== null;
    if (category.type !== 'business' && hasType) throw badRequest('type: only business transactions have a type');
    const businessType = category.type === 'business' ? (input.type ?? 'invest') : null;
    const split = await this.split(owner, input, category.type === 'real' && !isIncome, existing);

    return {
      category,
      row: {
        ...split,
        categoryId: category.id,
        kind: category.type,
        businessType,
        isIncome,
        amount: Number(amount.minor),
        currency: currency.code,
        description: input.description,
        time: input.time,
        day: utcDayOf(input.time),
      },
    };
  }

  /**
   * The payer and shares a row will have (absent: an edit that names neither keeps the row's). Only
   * an expense of a real category splits; every member named must belong to the book, or already
   * be in the row's split (a former member's part of an old expense survives its edits).
   */
  private async split(
    owner: Owner,
    input: TransactionInput,
    isExpense: boolean,
    existing?: TransactionRow,
  ): Promise<{ paidBy?: number | null; shares?: readonly Share[] | null }> {
    const kept = existing?.shares ?? null;
    if (input.shares === undefined && input.paidBy === undefined) {
      if (kept !== null && !isExpense)
        throw badRequest(
          'shares: only an expense of a real category can be split; send shares: null to stop splitting it',
        );
      return {};
    }
    const shares = input.shares === undefined ? kept : input.shares;
    if (shares === null) {
      if (input.paidBy !== undefined && input.paidBy !== null)
        throw badRequest('paidBy: only a split expense has a payer; send its shares too');
      return { paidBy: null, shares: null };
    }
    if (!isExpense) throw badRequest('shares: only an expense of a real category can be split');
    const actor = owner.actorId ?? owner.id;
    const paidBy = input.paidBy ?? (input.paidBy === undefined ? (existing?.paidBy ?? actor) : actor);
    const known = await new MembersRepository(this.db).memberIds(owner.id);
    for (const s of kept ?? []) known.add(s.userId);
    if (existing?.paidBy !== undefined && existing.paidBy !== null) known.add(existing.paidBy);
    const stranger = notAMember(known, [
      { field: 'paidBy', userId: paidBy },
      ...shares.map((s, i) => ({ field: `shares.${i}.userId`, userId: s.userId })),
    ]);
    if (stranger !== undefined) throw badRequest(stranger);
    return { paidBy, shares };
  }

  async get(owner: Owner, id: number): Promise<Transaction> {
    const row = await this.require(owner, id);
    return this.toDto(row, this.rates.mainConverter(owner.mainCurrency), await this.users.makersOf([row]));
  }

  async add(owner: Owner, input: TransactionInput): Promise<Transaction> {
    const [added] = await this.addMany(owner, [input]);
    if (added === undefined) throw new Error('transaction was not added');
    return added;
  }

  /** Adds every transaction or none: all are checked first, then stored in one database transaction. */
  async addMany(owner: Owner, inputs: readonly TransactionInput[]): Promise<Transaction[]> {
    const rows: CheckedTransaction[] = [];
    for (const input of inputs) rows.push(await this.check(owner, input));
    return this.db
      .transaction()
      .execute(async (trx) =>
        this.storeIn(await LedgerWriter.open(trx, owner.id, this.now(), owner.actorId), owner, rows),
      );
  }

  /**
   * Checks an input exactly as transaction/add does (400 naming the field, 404 for another
   * user's category or currency, 409 for a closed category) and returns the row to store;
   * nothing is written. With `storeIn`, a caller writes it inside a database transaction of its
   * own (a schedule's occurrence posts in the same one as its occurrence row).
   */
  async check(owner: Owner, input: TransactionInput): Promise<CheckedTransaction> {
    return (await this.resolve(owner, input)).row;
  }

  /**
   * Stores checked rows inside the caller's database transaction, which must hold the user's
   * ledger lock (lockUserLedger): the rows, their daily totals and the pickers' last use, as add
   * does (the search index follows by itself, migration 0022).
   */
  async storeIn(writer: LedgerWriter, owner: Owner, rows: readonly CheckedTransaction[]): Promise<Transaction[]> {
    const stored: TransactionRow[] = [];
    for (const row of rows) stored.push({ ...(await writer.addTransaction(row)), createdBy: writer.actor });
    const converter = this.rates.mainConverter(owner.mainCurrency);
    // Through the writer's transaction: a second connection per write could starve the pool.
    const makers = await new UsersRepository(writer.db).makersOf(stored);
    return stored.map((row) => this.toDto(row, converter, makers));
  }

  /** Changes the transaction; `onVersion`, when given, is the version the change was made on (409 when it changed since). */
  async update(owner: Owner, id: number, input: TransactionInput, onVersion?: number): Promise<Transaction> {
    const existing = await this.require(owner, id);
    refuseClosed(await this.categories.require(owner.id, existing.categoryId));
    const { row } = await this.resolve(owner, input, existing);
    const before = await this.db.transaction().execute(async (trx) => {
      const writer = await LedgerWriter.open(trx, owner.id, this.now(), owner.actorId);
      const replaced = await writer.replaceTransaction(id, row, onVersion);
      if (replaced === undefined) throw notFound(`Transaction ${id} not found`);
      return replaced;
    });
    const updated = {
      paidBy: existing.paidBy,
      shares: existing.shares,
      ...row,
      id,
      createdBy: existing.createdBy ?? null,
      version: (before.version ?? 1) + 1,
    };
    return this.toDto(updated, this.rates.mainConverter(owner.mainCurrency), await this.users.makersOf([updated]));
  }

  /** Deletes the transaction and answers the token that puts it back (undo/{token}). */
  async delete(owner: Owner, id: number, onVersion?: number): Promise<Undoable> {
    const existing = await this.require(owner, id);
    refuseClosed(await this.categories.require(owner.id, existing.categoryId));
    return this.db.transaction().execute(async (trx) => {
      const writer = await LedgerWriter.open(trx, owner.id, this.now(), owner.actorId);
      const { token } = await recordUndo(trx, owner.id, { action: 'delete', transactionIds: [id] }, writer.at);
      if ((await writer.deleteTransaction(id, onVersion)) === undefined) throw notFound(`Transaction ${id} not found`);
      return { count: 1, undo: token };
    });
  }

  /** transaction/bulk: many rows deleted or changed at once, all or nothing, with an undo token (bulk.ts). */
  async bulk(owner: Owner, request: BulkRequest): Promise<Undoable> {
    return bulkEdit(this.db, owner.id, request, this.now(), owner.actorId);
  }

  /**
   * A page of the transactions matching the filter, newest first, each with its amount in the main
   * currency: at most `limit` rows, or MAX_LIST_ROWS when the client sent none.
   */
  async filtered(owner: Owner, filter: TransactionFilter): Promise<Page<Transaction>> {
    const rows = await this.transactions.list(owner.id, { ...toQuery(filter), limit: rowsToRead(filter.limit) });
    return this.listed(owner, rows, filter.limit);
  }

  /** Rows read with rowsToRead(limit), cut to the page and sent with converted amounts and before-fix marks. */
  private async listed(owner: Owner, rows: TransactionRow[], limit: number | undefined): Promise<Page<Transaction>> {
    const converter = this.rates.mainConverter(owner.mainCurrency);
    const last = await this.lastFixpointTime(owner.id);
    const makers = await this.users.makersOf(rows);
    return pageOf(rows, limit, (r) => this.toDto(r, converter, makers, last));
  }

  /** Stored rows as listings send them (converted amounts, before-fix marks): transaction/search's rows. */
  async present(owner: Owner, rows: readonly TransactionRow[]): Promise<Transaction[]> {
    if (rows.length === 0) return [];
    const converter = this.rates.mainConverter(owner.mainCurrency);
    const last = await this.lastFixpointTime(owner.id);
    const makers = await this.users.makersOf(rows);
    return rows.map((r) => this.toDto(r, converter, makers, last));
  }

  /** Time of the user's latest fixpoint; -Infinity when there is none (nothing is before it). */
  private async lastFixpointTime(userId: number): Promise<number> {
    return (await this.ledger.lastFixpoint(userId))?.time ?? Number.NEGATIVE_INFINITY;
  }

  /**
   * A page of one category's transactions, newest first, like `filtered`. A busy business
   * category can hold most of a ledger, so this list is bounded too; its figures come from the
   * loan and business summaries, never from summing the list.
   */
  async inCategory(owner: Owner, categoryId: number, page: CategoryPageQuery): Promise<Page<Transaction>> {
    await this.categories.require(owner.id, categoryId);
    const rows = await this.transactions.list(owner.id, {
      categoryIds: [categoryId],
      limit: rowsToRead(page.limit),
      before: page.after,
    });
    return this.listed(owner, rows, page.limit);
  }

  /**
   * The signed sum (IN positive, OUT negative) of the matching transactions in the main currency,
   * each at its own day's rate (DESIGN §4), summed and rounded once (ledger/main-values.ts).
   */
  async convertedSum(owner: Owner, filter: TransactionFilter): Promise<MoneyAmount> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    if (filter.enteredBy.length > 0) return this.rowSum(owner.id, converter, filter);
    // Every other filter of the list (categories, currencies, directions, interval) is a column
    // of the daily totals, so the sum reads their stored main values and never the rows
    // themselves (but those of the partial days at the interval's edges).
    const sums = await this.ledger.mainSums(
      owner.id,
      converter,
      filter.interval === null || filter.interval === undefined ? undefined : filter.interval.start - 1,
      filter.interval?.end ?? MAX_INSTANT,
      {
        filter: {
          categoryIds: filter.categoryIds,
          currencies: filter.currencies,
          isIncome: filter.directions,
          kinds: ['real', 'loan', 'business', 'external'],
        },
      },
    );
    let scaled = 0n;
    for (const g of sums) scaled += g.isIncome ? g.scaled : -g.scaled;
    return { amount: minorToMajor(roundScaled(scaled), converter.to.decimals), currency: converter.to.code };
  }

  /**
   * The converted sum of a filter the daily totals do not know ("entered by"): the rows summed per
   * day, currency and direction, each sum valued at its day's rate as a daily total is, then
   * summed and rounded once.
   */
  private async rowSum(userId: number, converter: Converter, filter: TransactionFilter): Promise<MoneyAmount> {
    let scaled = 0n;
    for (const g of await this.transactions.sumsByDay(userId, toQuery(filter))) {
      const value = scaledValue(converter, g.amount, g.currency, g.day);
      scaled += g.isIncome ? value : -value;
    }
    return { amount: minorToMajor(roundScaled(scaled), converter.to.decimals), currency: converter.to.code };
  }
}

function toQuery(filter: TransactionFilter): TransactionQuery {
  return {
    start: filter.interval?.start,
    end: filter.interval?.end,
    categoryIds: filter.categoryIds,
    currencies: filter.currencies,
    directions: filter.directions,
    enteredBy: filter.enteredBy,
    limit: filter.limit,
    before: filter.after,
  };
}
