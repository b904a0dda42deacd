import type { AddCurrencyRequest, SupportedCurrency, UserCurrencyDto } from '@kassa/contract';
import { findCurrency, supportedCurrencies, type CurrencyInfo } from '@kassa/money';
import type { Kysely } from 'kysely';
import { brokenConstraint } from '../../db/constraint-errors.js';
import type { DB } from '../../db/schema.js';
import { lockUserLedger } from '../../db/user-lock.js';
import { badRequest, conflict } from '../../http/errors.js';
import { PocketsRepository } from '../pockets/repository.js';
import { UserCurrenciesRepository } from './repository.js';

/** The name a currency's first pocket gets when none is given (spec §5). */
export const defaultPocketName = (code: string) => `Default pocket ${code}`;

/** The catalogue entry of a user's currency, or a 400 naming the field when the user lacks it. */
export async function ownedCurrency(
  repo: UserCurrenciesRepository,
  userId: number,
  code: string,
  field: string,
): Promise<CurrencyInfo> {
  const info = findCurrency(code);
  if (info === undefined) throw badRequest(`${field}: ${code} is not a supported currency`);
  if (!(await repo.has(userId, code))) throw badRequest(`${field}: ${code} is not one of your currencies`);
  return info;
}

/** Rules for the user's currencies. */
export class CurrenciesService {
  private readonly currencies: UserCurrenciesRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {
    this.currencies = new UserCurrenciesRepository(db);
  }

  supported(): SupportedCurrency[] {
    return supportedCurrencies().map((c) => ({ ...c }));
  }

  async list(userId: number): Promise<UserCurrencyDto[]> {
    return (await this.currencies.list(userId)).map((c) => ({
      code: c.code,
      lastUsed: new Date(c.lastUsed).toISOString(),
    }));
  }

  /** Adds a currency with its pockets (a default pocket when none are given), all or nothing. */
  async add(userId: number, request: AddCurrencyRequest): Promise<UserCurrencyDto> {
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
