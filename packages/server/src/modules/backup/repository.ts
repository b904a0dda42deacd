import type { Insertable, Kysely } from 'kysely';
import type { DB, ImportBatchesTable, ImportLinksTable, SettlementsTable } from '../../db/schema.js';

const BATCH = 500;

/** SQL of backup and restore: whole books of one user, read and written in bulk. */
export class BackupRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Everything of the user's books, ordered so that a restored copy lists the same way. */
  async read(userId: number) {
    return {
      ...(await this.readBooks(userId)),
      ...(await this.readLedger(userId)),
      rules: await this.readRules(userId),
      ...(await this.readImportHistory(userId)),
    };
  }

  /** Currencies, pockets and categories: what the ledger's rows stand on. */
  private async readBooks(userId: number) {
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
          'rollover',
          'last_used',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    };
  }

  /** Transactions and conversions in time order, fixpoints and their pocket states. */
  private async readLedger(userId: number) {
    const db = this.db;
    return {
      transactions: await db
        .selectFrom('transactions')
        .select([
          'id',
          'category_id',
          'business_type',
          'is_income',
          'amount',
          'currency',
          'description',
          'time',
          'pocket_id',
          'created_by',
          'paid_by',
          'shares',
        ])
        .where('user_id', '=', userId)
        .orderBy('time')
        .orderBy('id')
        .execute(),
      conversions: await db
        .selectFrom('conversions')
        .select([
          'id',
          'from_amount',
          'from_currency',
          'to_amount',
          'to_currency',
          'description',
          'time',
          'from_pocket_id',
          'to_pocket_id',
          'created_by',
        ])
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
      settlements: await db
        .selectFrom('settlements')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('time')
        .orderBy('id')
        .execute(),
    };
  }

  /** The people with these ids, as a backup names them (name and e-mail). */
  async people(
    ids: readonly number[],
  ): Promise<{ id: number; first_name: string; last_name: string; email: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
  }

  async insertSettlements(rows: readonly Insertable<SettlementsTable>[]): Promise<void> {
    if (rows.length > 0)
      await this.db
        .insertInto('settlements')
        .values([...rows])
        .execute();
  }

  /** The category rules in the order they are tried. */
  private async readRules(userId: number) {
    return this.db
      .selectFrom('category_rules')
      .select(['match', 'pattern', 'category_id', 'currency', 'min_amount', 'max_amount', 'position'])
      .where('user_id', '=', userId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Committed and undone batches (previews are not kept), their links, the pockets' profiles. */
  private async readImportHistory(userId: number) {
    const db = this.db;
    return {
      importBatches: await db
        .selectFrom('import_batches')
        .select([
          'id',
          'file_name',
          'format',
          'status',
          'accounts',
          'row_count',
          'imported',
          'replaced',
          'fixpoint_id',
          'created_at',
          'committed_at',
          'undone_at',
        ])
        .where('user_id', '=', userId)
        .where('status', '!=', 'preview')
        .orderBy('id')
        .execute(),
      importLinks: await db
        .selectFrom('import_links')
        .innerJoin('import_batches', 'import_batches.id', 'import_links.batch_id')
        .selectAll('import_links')
        .where('import_links.user_id', '=', userId)
        .where('import_batches.status', '!=', 'preview')
        .orderBy('import_links.batch_id')
        .orderBy('import_links.id')
        .execute(),
      importProfiles: await db
        .selectFrom('import_profiles')
        .select(['pocket_id', 'account', 'options'])
        .where('user_id', '=', userId)
        .orderBy('pocket_id')
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
  async clear(userId: number, dropRows: () => Promise<void>): Promise<void> {
    const db = this.db;
    // Import batches point at the rows being replaced (their links, what undo would put back).
    await db.deleteFrom('import_batches').where('user_id', '=', userId).execute();
    await db.deleteFrom('import_rejected_pairs').where('user_id', '=', userId).execute();
    // Undo would put deleted rows back into books that no longer hold them (their saved rows cascade).
    await db.deleteFrom('undo_entries').where('user_id', '=', userId).execute();
    // The transactions and conversions go through the ledger writer (ledger/writer.ts).
    await dropRows();
    await db
      .deleteFrom('pocket_states')
      .where('fixpoint_id', 'in', db.selectFrom('fixpoints').select('id').where('user_id', '=', userId))
      .execute();
    await db.deleteFrom('fixpoints').where('user_id', '=', userId).execute();
    await db.deleteFrom('category_rules').where('user_id', '=', userId).execute();
    // Their occurrences go with them (foreign key cascade); the rows they posted went above.
    await db.deleteFrom('schedules').where('user_id', '=', userId).execute();
    await db.deleteFrom('categories').where('user_id', '=', userId).where('is_built_in', '=', 0).execute();
    await db.deleteFrom('pockets').where('user_id', '=', userId).execute();
    await db.deleteFrom('user_currencies').where('user_id', '=', userId).execute();
    await db.deleteFrom('settlements').where('user_id', '=', userId).execute();
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

  /** Writes an import batch as restore gives it (committed or undone, nothing left to preview); returns its id. */
  async insertImportBatch(
    batch: Omit<Insertable<ImportBatchesTable>, 'id' | 'options' | 'paired_lines' | 'expires_at'>,
  ): Promise<number> {
    const { id } = await this.db
      .insertInto('import_batches')
      .values({ ...batch, options: '{}', paired_lines: '[]', expires_at: batch.created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /**
   * Writes links in the given order, so their ids ascend as the document lists them; returns the
   * ids of those at the `wanted` positions (the ones an undo's replaced rows point back to).
   */
  async insertImportLinks(
    links: readonly Omit<Insertable<ImportLinksTable>, 'id'>[],
    wanted: ReadonlySet<number>,
  ): Promise<Map<number, number>> {
    const ids = new Map<number, number>();
    let from = 0;
    const flush = async (to: number) => {
      for (let i = from; i < to; i += BATCH)
        await this.db
          .insertInto('import_links')
          .values(links.slice(i, Math.min(to, i + BATCH)))
          .execute();
      from = to;
    };
    for (const index of [...wanted].sort((a, b) => a - b)) {
      const link = links[index];
      if (link === undefined) continue;
      await flush(index);
      const { id } = await this.db.insertInto('import_links').values(link).returning('id').executeTakeFirstOrThrow();
      ids.set(index, id);
      from = index + 1;
    }
    await flush(links.length);
    return ids;
  }

  /** What undo of a restored batch puts back, once the links it points at have their ids. */
  async finishImportBatch(
    userId: number,
    id: number,
    changes: { imported: number; replaced: string; fixpoint_id: number | null },
  ): Promise<void> {
    await this.db
      .updateTable('import_batches')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async insertImportProfiles(
    userId: number,
    rows: readonly { pocketId: number; account: string; options: string }[],
    at: number,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('import_profiles')
      .values(
        rows.map((p) => ({
          user_id: userId,
          pocket_id: p.pocketId,
          account: p.account,
          options: p.options,
          updated_at: at,
        })),
      )
      .execute();
  }

  /** Renames a category (system categories keep their row; restore gives them the document's text). */
  async updateCategory(
    userId: number,
    id: number,
    c: { name: string; description: string; monthlyLimit: number | null; rollover: boolean; lastUsed: number },
  ): Promise<void> {
    await this.db
      .updateTable('categories')
      .set({
        name: c.name,
        description: c.description,
        monthly_limit: c.monthlyLimit,
        rollover: c.rollover ? 1 : 0,
        last_used: c.lastUsed,
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }
}
