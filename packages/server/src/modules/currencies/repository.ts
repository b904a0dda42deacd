import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A currency the user keeps money in, with when it was last used. */
export interface UserCurrency {
  code: string;
  lastUsed: number;
}

/** SQL for user_currencies. */
export class UserCurrenciesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's currencies, most recently used first. */
  async list(userId: number): Promise<UserCurrency[]> {
    const rows = await this.db
      .selectFrom('user_currencies')
      .select(['code', 'last_used'])
      .where('user_id', '=', userId)
      .orderBy('last_used', 'desc')
      .orderBy('code')
      .execute();
    return rows.map((r) => ({ code: r.code, lastUsed: r.last_used }));
  }

  async has(userId: number, code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_currencies')
      .select('code')
      .where('user_id', '=', userId)
      .where('code', '=', code)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Adds the currency; a second add of the same code breaks the primary key (the caller maps it to 409). */
  async insert(userId: number, code: string, at: number): Promise<void> {
    await this.db.insertInto('user_currencies').values({ user_id: userId, code, last_used: at }).execute();
  }

  /** Adds the currency unless the user has it already. */
  async ensure(userId: number, code: string, at: number): Promise<void> {
    await this.db
      .insertInto('user_currencies')
      .values({ user_id: userId, code, last_used: at })
      .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
      .execute();
  }
}
