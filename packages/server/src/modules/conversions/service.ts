import type { Conversion, ConversionInput, PagedInterval, Undoable } from '@kassa/contract';
import { currencyInfo, minorToMajor, parseAmount, utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { pageOf, rowsToRead, type Page } from '../../http/paging.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { ownedCurrency } from '../currencies/service.js';
import type { ConversionRow } from '../ledger/index.js';
import { LedgerWriter } from '../ledger/index.js';
import { recordUndo } from '../undo/record.js';
import { enteredBy, UsersRepository } from '../users/repository.js';
import { ConversionsRepository } from './repository.js';

/** A conversion checked by ConversionsService.check, ready for storeIn. */
export type CheckedConversion = Omit<ConversionRow, 'id'>;

/** A stored conversion as the API sends it (transaction/search lists them too), its maker named from `makers`. */
export function conversionDto(userId: number, row: ConversionRow, makers: ReadonlyMap<number, string>): Conversion {
  const from = currencyInfo(row.fromCurrency);
  const to = currencyInfo(row.toCurrency);
  return {
    id: row.id,
    userId,
    fromAmount: minorToMajor(BigInt(row.fromAmount), from.decimals),
    fromCurrency: row.fromCurrency,
    toAmount: minorToMajor(BigInt(row.toAmount), to.decimals),
    toCurrency: row.toCurrency,
    description: row.description,
    time: new Date(row.time).toISOString(),
    createdBy: enteredBy(makers, row.createdBy),
    version: row.version ?? 1,
  };
}

/**
 * Rules for conversions: two different currencies, both the user's, positive amounts; a transfer
 * that import made between two pockets of one currency stays one, with equal amounts.
 */
export class ConversionsService {
  private readonly conversions: ConversionsRepository;
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {
    this.conversions = new ConversionsRepository(db);
    this.users = new UsersRepository(db);
  }

  private async require(userId: number, id: number): Promise<ConversionRow> {
    const row = await this.conversions.find(userId, id);
    if (row === undefined) throw notFound(`Conversion ${id} not found`);
    return row;
  }

  /**
   * `transfer`: the row edited is a transfer between two pockets of one currency (import makes
   * them, DESIGN §4), which may stay one: same currency, the same amount on both legs.
   */
  private async resolve(userId: number, input: ConversionInput, transfer = false): Promise<Omit<ConversionRow, 'id'>> {
    if (input.fromCurrency === input.toCurrency && !transfer)
      throw badRequest('toCurrency: must differ from fromCurrency');
    const currencies = new UserCurrenciesRepository(this.db);
    const from = await ownedCurrency(currencies, userId, input.fromCurrency, 'fromCurrency');
    const to = await ownedCurrency(currencies, userId, input.toCurrency, 'toCurrency');
    const fromAmount = parseAmount(input.fromAmount, from.decimals);
    if (!fromAmount.ok) throw badRequest(`fromAmount: ${fromAmount.message}`);
    const toAmount = parseAmount(input.toAmount, to.decimals);
    if (!toAmount.ok) throw badRequest(`toAmount: ${toAmount.message}`);
    if (from.code === to.code && fromAmount.minor !== toAmount.minor)
      throw badRequest('toAmount: a transfer between two pockets of one currency puts in what it takes (fromAmount)');
    return {
      fromAmount: Number(fromAmount.minor),
      fromCurrency: from.code,
      toAmount: Number(toAmount.minor),
      toCurrency: to.code,
      description: input.description,
      time: input.time,
      day: utcDayOf(input.time),
    };
  }

  async get(userId: number, id: number): Promise<Conversion> {
    const row = await this.require(userId, id);
    return conversionDto(userId, row, await this.users.makersOf([row]));
  }

  /** A page of the conversions in the interval, newest first: at most `limit`, or MAX_LIST_ROWS. */
  async between(userId: number, q: PagedInterval): Promise<Page<Conversion>> {
    const rows = await this.conversions.between(userId, {
      start: q.start,
      end: q.end,
      limit: rowsToRead(q.limit),
      before: q.after,
    });
    const makers = await this.users.makersOf(rows);
    return pageOf(rows, q.limit, (r) => conversionDto(userId, r, makers));
  }

  /** `actor`: the member who enters it in a shared book (the book's founder by default). */
  async add(userId: number, input: ConversionInput, actor?: number): Promise<Conversion> {
    const row = await this.check(userId, input);
    return this.db
      .transaction()
      .execute(async (trx) => this.storeIn(await LedgerWriter.open(trx, userId, this.now(), actor), row));
  }

  /**
   * Checks an input exactly as conversion/add does (400 naming the field, 404 for another
   * user's currency) and returns the row to store; nothing is written (see storeIn).
   */
  check(userId: number, input: ConversionInput): Promise<CheckedConversion> {
    return this.resolve(userId, input);
  }

  /**
   * Stores a checked conversion inside the caller's database transaction, which must hold the
   * user's ledger lock: the row, its daily totals and the currencies' last use, as add does.
   */
  async storeIn(writer: LedgerWriter, row: CheckedConversion): Promise<Conversion> {
    const stored = { ...(await writer.addConversion(row)), createdBy: writer.actor };
    // Through the writer's transaction: a second connection per write could starve the pool.
    return conversionDto(writer.userId, stored, await new UsersRepository(writer.db).makersOf([stored]));
  }

  /** Changes the conversion; `onVersion`, when given, is the version the change was made on (409 when it changed since). */
  async update(
    userId: number,
    id: number,
    input: ConversionInput,
    actor?: number,
    onVersion?: number,
  ): Promise<Conversion> {
    const stored = await this.require(userId, id);
    const row = await this.resolve(userId, input, stored.fromCurrency === stored.toCurrency);
    const before = await this.db.transaction().execute(async (trx) => {
      const writer = await LedgerWriter.open(trx, userId, this.now(), actor);
      const replaced = await writer.replaceConversion(id, row, onVersion);
      if (replaced === undefined) throw notFound(`Conversion ${id} not found`);
      return replaced;
    });
    const updated = { ...row, id, createdBy: stored.createdBy ?? null, version: (before.version ?? 1) + 1 };
    return conversionDto(userId, updated, await this.users.makersOf([updated]));
  }

  /** Deletes the conversion and answers the token that puts it back (undo/{token}). */
  async delete(userId: number, id: number, onVersion?: number): Promise<Undoable> {
    await this.require(userId, id);
    return this.db.transaction().execute(async (trx) => {
      const writer = await LedgerWriter.open(trx, userId, this.now());
      const { token } = await recordUndo(trx, userId, { action: 'delete', conversionIds: [id] }, writer.at);
      if ((await writer.deleteConversion(id, onVersion)) === undefined) throw notFound(`Conversion ${id} not found`);
      return { count: 1, undo: token };
    });
  }
}
