import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { insertTransactionRows } from '../ledger/bulk-load.js';
import { conversionColumns, type ConversionRow, type TransactionRow } from '../ledger/rows.js';

const BATCH = 500;

/** SQL of backup and restore: whole books of one user, read and written in bulk. */
export class BackupRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Everything of the user's books, ordered so that a restored copy lists the same way. */
  async read(userId: number) {
    const db = this.db;
    return {
      currencies: await db
        .selectFrom('user_currencies')
        .select(['code', 'last_used'])
        .where('user_id', '=', userId)
        .orderBy('code')
        .execute(),
      pockets: await db
        .selectFrom('pockets')
        .select(['id', 'name', 'currency', 'is_cash'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      categories: await db
        .selectFrom('categories')
        .select([
          'id',
          'name',
          'type',
          'description',
          'is_income',
          'is_built_in',
          'is_active',
          'monthly_limit',
          'last_used',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      transactions: await db
        .selectFrom('transactions')
        .select(['category_id', 'business_type', 'is_income', 'amount', 'currency', 'description', 'time'])
        .where('user_id', '=', userId)
        .orderBy('time')
        .orderBy('id')
        .execute(),
      conversions: await db
        .selectFrom('conversions')
        .select(['from_amount', 'from_currency', 'to_amount', 'to_currency', 'description', 'time'])
        .where('user_id', '=', userId)
        .orderBy('time')
        .orderBy('id')
        .execute(),
      fixpoints: await db
        .selectFrom('fixpoints')
        .select(['id', 'time'])
        .where('user_id', '=', userId)
        .orderBy('time')
        .orderBy('id')
        .execute(),
      states: await db
        .selectFrom('pocket_states')
        .innerJoin('fixpoints', 'fixpoints.id', 'pocket_states.fixpoint_id')
        .select(['pocket_states.fixpoint_id', 'pocket_states.pocket_id', 'pocket_states.balance'])
        .where('fixpoints.user_id', '=', userId)
        .orderBy('pocket_states.fixpoint_id')
        .orderBy('pocket_states.pocket_id')
        .execute(),
      rules: await db
        .selectFrom('category_rules')
        .select(['match', 'pattern', 'category_id', 'currency', 'min_amount', 'max_amount', 'position'])
        .where('user_id', '=', userId)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    };
  }

  /** How many transactions, conversions and fixpoints the user has. */
  async counts(userId: number): Promise<{ transactions: number; conversions: number; fixpoints: number }> {
    const count = async (table: 'transactions' | 'conversions' | 'fixpoints') =>
      Number(
        (
          await this.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      transactions: await count('transactions'),
      conversions: await count('conversions'),
      fixpoints: await count('fixpoints'),
    };
  }

  /**
   * Deletes the user's books: import batches, transactions, conversions, fixpoints with their states, categories
   * but the system ones, pockets (with their import profiles) and currencies. Derived tables are rebuilt by the caller.
   */
  async clear(userId: number): Promise<void> {
    const db = this.db;
    // Import batches point at the rows being replaced (their links, what undo would put back).
    await db.deleteFrom('import_batches').where('user_id', '=', userId).execute();
    await db.deleteFrom('import_rejected_pairs').where('user_id', '=', userId).execute();
    await db.deleteFrom('transactions').where('user_id', '=', userId).execute();
    await db.deleteFrom('conversions').where('user_id', '=', userId).execute();
    await db
      .deleteFrom('pocket_states')
      .where('fixpoint_id', 'in', db.selectFrom('fixpoints').select('id').where('user_id', '=', userId))
      .execute();
    await db.deleteFrom('fixpoints').where('user_id', '=', userId).execute();
    await db.deleteFrom('category_rules').where('user_id', '=', userId).execute();
    await db.deleteFrom('categories').where('user_id', '=', userId).where('is_built_in', '=', 0).execute();
    await db.deleteFrom('pockets').where('user_id', '=', userId).execute();
    await db.deleteFrom('user_currencies').where('user_id', '=', userId).execute();
  }

  async setMainCurrency(userId: number, code: string): Promise<void> {
    await this.db.updateTable('users').set({ main_currency: code }).where('id', '=', userId).execute();
  }

  async insertCurrencies(userId: number, rows: readonly { code: string; lastUsed: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('user_currencies')
      .values(rows.map((c) => ({ user_id: userId, code: c.code, last_used: c.lastUsed })))
      .execute();
  }

  async insertTransactions(userId: number, rows: readonly Omit<TransactionRow, 'id'>[], at: number): Promise<void> {
    await insertTransactionRows(this.db, userId, rows, at);
  }

  async insertConversions(userId: number, rows: readonly Omit<ConversionRow, 'id'>[], at: number): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH)
      await this.db
        .insertInto('conversions')
        .values(
          rows
            .slice(i, i + BATCH)
            .map((c) => ({ user_id: userId, ...conversionColumns(c), created_at: at, updated_at: at })),
        )
        .execute();
  }

  /** Renames a category (system categories keep their row; restore gives them the document's text). */
  async updateCategory(
    userId: number,
    id: number,
    c: { name: string; description: string; monthlyLimit: number | null; lastUsed: number },
  ): Promise<void> {
    await this.db
      .updateTable('categories')
      .set({ name: c.name, description: c.description, monthly_limit: c.monthlyLimit, last_used: c.lastUsed })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }
}
