import type { SettleUp, SettleUpMember, Settlement, SettlementInput } from '@kassa/contract';
import {
  currencyInfo,
  decimalsOf,
  findCurrency,
  minorToMajor,
  parseAmount,
  splitByWeights,
  utcDayOf,
} from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import { MembersRepository, notAMember } from '../members/repository.js';
import type { RatesService } from '../rates/service.js';
import { enteredBy, UsersRepository } from '../users/repository.js';
import { SettleUpRepository, type SettlementRow } from './repository.js';
import { fewestTransfers } from './transfers.js';

/** What one member paid, owes and settled: per currency (minor units) and in the main currency. */
class Tally {
  readonly paid = new Map<string, bigint>();
  readonly share = new Map<string, bigint>();
  readonly settled = new Map<string, bigint>();
  readonly main = { paid: 0n, share: 0n, settled: 0n };

  static add(figures: Map<string, bigint>, currency: string, amount: bigint): void {
    figures.set(currency, (figures.get(currency) ?? 0n) + amount);
  }

  get balance(): bigint {
    return this.main.paid - this.main.share + this.main.settled;
  }
}

const figures = (values: ReadonlyMap<string, bigint>) =>
  [...values]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => ({ currency, amount: minorToMajor(minor, decimalsOf(currency)) }));

/**
 * Settling up in a shared book (issue 34, docs/DECISIONS.md "Settling up"). Each split expense
 * is divided among its members by weight, exactly (split.ts), in its own currency and, converted
 * at its day's rate and divided the same way, in the main currency; so every member's figures sum
 * to the expense and the balances to 0. Settlements move balances only, never a currency total.
 */
export class SettleUpService {
  private readonly repository: SettleUpRepository;
  private readonly members: MembersRepository;
  private readonly users: UsersRepository;

  constructor(
    db: Kysely<DB>,
    private readonly rates: RatesService,
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new SettleUpRepository(db);
    this.members = new MembersRepository(db);
    this.users = new UsersRepository(db);
  }

  async settleUp(book: Owner, interval: { start: number; end: number }): Promise<SettleUp> {
    const converter = this.rates.requireMainConverter(book.mainCurrency);
    const main = converter.to;
    const tallies = new Map<number, Tally>();
    const tally = (userId: number) => {
      let t = tallies.get(userId);
      if (t === undefined) tallies.set(userId, (t = new Tally()));
      return t;
    };
    const members = await this.members.memberIds(book.id);
    for (const id of members) tally(id);

    const expenses = await this.repository.splitExpenses(book.id, interval.start, interval.end);
    for (const e of expenses) {
      const inMain = converter.toMinor(e.amount, currencyInfo(e.currency), e.day);
      Tally.add(tally(e.paidBy).paid, e.currency, e.amount);
      tally(e.paidBy).main.paid += inMain;
      const parts = splitByWeights(e.amount, e.shares);
      const mainParts = splitByWeights(inMain, e.shares);
      for (const s of e.shares) {
        Tally.add(tally(s.userId).share, e.currency, parts.get(s.userId) ?? 0n);
        tally(s.userId).main.share += mainParts.get(s.userId) ?? 0n;
      }
    }
    const settlements = await this.repository.settlements(book.id, interval.start, interval.end);
    const converted = new Map<number, bigint>();
    for (const s of settlements) {
      const inMain = converter.toMinor(BigInt(s.amount), currencyInfo(s.currency), s.day);
      converted.set(s.id, inMain);
      Tally.add(tally(s.from_member).settled, s.currency, BigInt(s.amount));
      Tally.add(tally(s.to_member).settled, s.currency, -BigInt(s.amount));
      tally(s.from_member).main.settled += inMain;
      tally(s.to_member).main.settled -= inMain;
    }

    const names = await this.users.namesOf([...tallies.keys()]);
    const major = (minor: bigint) => minorToMajor(minor, main.decimals);
    const rows: SettleUpMember[] = [...tallies].map(([userId, t]) => {
      const balance = new Map(t.paid);
      for (const [c, v] of t.share) Tally.add(balance, c, -v);
      for (const [c, v] of t.settled) Tally.add(balance, c, v);
      return {
        userId,
        name: names.get(userId) ?? 'Former member',
        isMember: members.has(userId),
        paid: figures(t.paid),
        share: figures(t.share),
        settled: figures(t.settled),
        balance: figures(balance),
        main: {
          paid: major(t.main.paid),
          share: major(t.main.share),
          settled: major(t.main.settled),
          balance: major(t.balance),
        },
      };
    });
    rows.sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
    const transfers = fewestTransfers(new Map([...tallies].map(([id, t]) => [id, t.balance])));
    const makers = await this.users.makersOf(settlements.map((s) => ({ createdBy: s.created_by })));
    return {
      mainCurrency: main.code,
      expenses: expenses.length,
      members: rows,
      transfers: transfers.map((t) => ({
        fromUserId: t.from,
        toUserId: t.to,
        amount: major(t.amount),
        currency: main.code,
      })),
      settlements: settlements.map((s) => settlementDto(s, converted.get(s.id) ?? 0n, main.decimals, makers)),
    };
  }

  /** Records money one member gave another, in any currency with a rate on its day. */
  async addSettlement(book: Owner, input: SettlementInput): Promise<Settlement> {
    const converter = this.rates.requireMainConverter(book.mainCurrency);
    const currency = findCurrency(input.currency);
    if (currency === undefined) throw badRequest(`currency: ${input.currency} is not a currency Kassa knows`);
    const amount = parseAmount(input.amount, currency.decimals);
    if (!amount.ok) throw badRequest(`amount: ${amount.message}`);
    const stranger = notAMember(await this.members.memberIds(book.id), [
      { field: 'fromUserId', userId: input.fromUserId },
      { field: 'toUserId', userId: input.toUserId },
    ]);
    if (stranger !== undefined) throw badRequest(stranger);
    const day = utcDayOf(input.time);
    // Before writing: a currency without a rate that day is the user's error to see (422), not a 1.0.
    const inMain = converter.toMinor(amount.minor, currency, day);
    const actor = book.actorId ?? book.id;
    const row = await this.repository.insert({
      user_id: book.id,
      from_member: input.fromUserId,
      to_member: input.toUserId,
      amount: Number(amount.minor),
      currency: currency.code,
      description: input.description,
      time: input.time,
      day,
      created_at: this.now(),
      created_by: actor,
    });
    return settlementDto(row, inMain, converter.to.decimals, await this.users.makersOf([{ createdBy: actor }]));
  }

  async deleteSettlement(book: Owner, id: number): Promise<void> {
    if (!(await this.repository.delete(book.id, id))) throw notFound(`Settlement ${id} not found`);
  }
}

function settlementDto(
  row: SettlementRow,
  inMain: bigint,
  mainDecimals: number,
  makers: ReadonlyMap<number, string>,
): Settlement {
  return {
    id: row.id,
    fromUserId: row.from_member,
    toUserId: row.to_member,
    amount: minorToMajor(BigInt(row.amount), decimalsOf(row.currency)),
    currency: row.currency,
    convertedAmount: minorToMajor(inMain, mainDecimals),
    time: new Date(row.time).toISOString(),
    description: row.description,
    createdBy: enteredBy(makers, row.created_by),
  };
}
