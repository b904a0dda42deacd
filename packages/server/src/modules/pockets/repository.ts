import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A pocket row with its latest stated balance (minor units; 0 before any fixpoint states it). */
export interface PocketRow {
  id: number;
  name: string;
  currency: string;
  isCash: boolean;
  balance: number;
}

/** SQL for pockets; every query is scoped by user. */
export class PocketsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private selectWithBalance(userId: number) {
    return this.db
      .selectFrom('pockets')
      .select((eb) => [
        'pockets.id',
        'pockets.name',
        'pockets.currency',
        'pockets.is_cash',
        eb
          .selectFrom('pocket_states')
          .innerJoin('fixpoints', 'fixpoints.id', 'pocket_states.fixpoint_id')
          .select('pocket_states.balance')
          .whereRef('pocket_states.pocket_id', '=', 'pockets.id')
          .orderBy('fixpoints.time', 'desc')
          .orderBy('fixpoints.id', 'desc')
          .limit(1)
          .as('balance'),
      ])
      .where('pockets.user_id', '=', userId);
  }

  /** The user's pockets by currency, then creation order. */
  async list(userId: number): Promise<PocketRow[]> {
    const rows = await this.selectWithBalance(userId).orderBy('pockets.currency').orderBy('pockets.id').execute();
    return rows.map(toRow);
  }

  async find(userId: number, id: number): Promise<PocketRow | undefined> {
    const row = await this.selectWithBalance(userId).where('pockets.id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  async insert(
    userId: number,
    pocket: { name: string; currency: string; isCash: boolean },
    at: number,
  ): Promise<number> {
    const row = await this.db
      .insertInto('pockets')
      .values({
        user_id: userId,
        name: pocket.name,
        currency: pocket.currency,
        is_cash: pocket.isCash ? 1 : 0,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(userId: number, id: number, changes: { name: string; isCash: boolean }): Promise<void> {
    await this.db
      .updateTable('pockets')
      .set({ name: changes.name, is_cash: changes.isCash ? 1 : 0 })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }
}

function toRow(r: { id: number; name: string; currency: string; is_cash: number; balance: number | null }): PocketRow {
  return { id: r.id, name: r.name, currency: r.currency, isCash: r.is_cash === 1, balance: r.balance ?? 0 };
}
