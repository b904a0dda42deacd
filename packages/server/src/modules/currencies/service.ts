import type { SupportedCurrency, UserCurrencyDto } from '@kassa/contract';
import { findCurrency, supportedCurrencies, type CurrencyInfo } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
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

/**
 * Rules for the user's currencies: the catalogue and the list. Adding a currency creates its
 * pockets too, so it lives with the pockets (PocketsService.addCurrency), above this module.
 */
export class CurrenciesService {
  private readonly currencies: UserCurrenciesRepository;

  constructor(db: Kysely<DB>) {
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
}
