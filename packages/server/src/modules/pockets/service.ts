import type {
  AddCurrencyRequest,
  NewPocket,
  Pocket,
  PocketGroup,
  UpdatePocket,
  UserCurrencyDto,
} from '@kassa/contract';
import { decimalsOf, findCurrency, minorToMajor } from '@kassa/money';
import type { Kysely } from 'kysely';
import { brokenConstraint } from '../../db/constraint-errors.js';
import type { DB } from '../../db/schema.js';
import { lockUserLedger } from '../../db/user-lock.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { defaultPocketName, ownedCurrency } from '../currencies/service.js';
import { PocketsRepository, type PocketRow } from './repository.js';

function toDto(row: PocketRow): Pocket {
  const decimals = decimalsOf(row.currency);
  return {
    pocketId: row.id,
    name: row.name,
    currency: row.currency,
    isCash: row.isCash,
    balance: minorToMajor(BigInt(row.balance), decimals),
  };
}

/** Rules for pockets: they live in one of the user's currencies, which never changes; a new currency comes with its pockets. */
export class PocketsService {
  private readonly pockets: PocketsRepository;
  private readonly currencies: UserCurrenciesRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {
    this.pockets = new PocketsRepository(db);
    this.currencies = new UserCurrenciesRepository(db);
  }

  async list(userId: number): Promise<Pocket[]> {
    return (await this.pockets.list(userId)).map(toDto);
  }

  /** Pockets grouped by currency, groups in currency order. */
  async grouped(userId: number): Promise<PocketGroup[]> {
    const groups = new Map<string, Pocket[]>();
    for (const p of await this.list(userId)) {
      const items = groups.get(p.currency) ?? [];
      items.push(p);
      groups.set(p.currency, items);
    }
    return [...groups].map(([currency, items]) => ({ currency, items }));
  }

  async add(userId: number, input: NewPocket): Promise<Pocket> {
    const [created] = await this.addMany(userId, [input]);
    if (created === undefined) throw new Error('pocket was not created');
    return created;
  }

  /** Adds every pocket or none. */
  async addMany(userId: number, items: NewPocket[]): Promise<Pocket[]> {
    for (const [i, item] of items.entries())
      await ownedCurrency(this.currencies, userId, item.currency, items.length > 1 ? `${i}.currency` : 'currency');
    const at = this.now();
    const ids = await this.db.transaction().execute(async (trx) => {
      const repo = new PocketsRepository(trx);
      const created: number[] = [];
      for (const item of items) created.push(await repo.insert(userId, item, at));
      return created;
    });
    const all = await this.pockets.list(userId);
    return ids
      .map((id) => all.find((p) => p.id === id))
      .filter((p) => p !== undefined)
      .map(toDto);
  }

  async update(userId: number, change: UpdatePocket): Promise<Pocket> {
    const existing = await this.pockets.find(userId, change.pocketId);
    if (existing === undefined) throw notFound(`Pocket ${change.pocketId} not found`);
    if (change.currency !== undefined && change.currency !== existing.currency) {
      throw badRequest('currency: a pocket keeps its currency; add a new pocket instead');
    }
    await this.pockets.update(userId, change.pocketId, { name: change.name, isCash: change.isCash });
    return toDto({ ...existing, name: change.name, isCash: change.isCash });
  }

  /** Adds a currency with its pockets (a default pocket when none are given), all or nothing. */
  async addCurrency(userId: number, request: AddCurrencyRequest): Promise<UserCurrencyDto> {
    const code = request.currency;
    if (findCurrency(code) === undefined) throw badRequest(`currency: ${code} is not a supported currency`);
    if (await this.currencies.has(userId, code)) throw conflict(`currency: you already have ${code}`);
    const pockets = request.items.length > 0 ? request.items : [{ name: defaultPocketName(code), isCash: false }];
    const at = this.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        await lockUserLedger(trx, userId);
        // A plain insert: of two concurrent adds, the second breaks the primary key and rolls back.
        await new UserCurrenciesRepository(trx).insert(userId, code, at);
        const repo = new PocketsRepository(trx);
        for (const p of pockets) await repo.insert(userId, { name: p.name, currency: code, isCash: p.isCash }, at);
      });
    } catch (err) {
      if (brokenConstraint(err) === 'unique') throw conflict(`currency: you already have ${code}`);
      throw err;
    }
    return { code, lastUsed: new Date(at).toISOString() };
  }
}
