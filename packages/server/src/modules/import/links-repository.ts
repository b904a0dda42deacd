import type { Minor } from '@kassa/money';
import type { Kysely, Selectable } from 'kysely';
import { insertMany } from '../../db/insert-many.js';
import type { DB, ImportLinksTable } from '../../db/schema.js';

/** Rows per INSERT or IN list: far below both databases' limits on bound parameters. */
const CHUNK = 500;

export type LinkRow = Selectable<ImportLinksTable>;
export type NewLink = Omit<LinkRow, 'id'>;

const LINK_COLUMNS = [
  'user_id',
  'batch_id',
  'pocket_id',
  'line',
  'transaction_id',
  'conversion_id',
  'external_id',
  'fingerprint',
  'day',
  'amount',
  'currency',
  'payee',
  'description',
] as const satisfies readonly (keyof NewLink)[];

/** A transaction in one currency near some days, with the pocket an import put it in (if any). */
export interface NearbyTransaction {
  id: number;
  day: number;
  /** Signed. */
  amount: Minor;
  description: string;
  pocketId: number | null;
}

/**
 * SQL of import links (what each imported row became) and of the pairs the user rejected, with
 * the books' rows the preview compares a file with; every query is scoped by user.
 */
export class ImportLinksRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertLinks(links: readonly NewLink[]): Promise<void> {
    await insertMany(this.db, 'import_links', LINK_COLUMNS, links);
  }

  /** Every link of the given pockets: the keys a new file's rows are checked against. */
  async linksOfPockets(userId: number, pocketIds: readonly number[]): Promise<LinkRow[]> {
    if (pocketIds.length === 0) return [];
    return this.db
      .selectFrom('import_links')
      .selectAll()
      .where('user_id', '=', userId)
      .where('pocket_id', 'in', pocketIds)
      .execute();
  }

  /**
   * Which of the keys other batches have imported into the pockets: `pocket|e:bank id` and
   * `pocket|f:fingerprint`. Commit asks inside its transaction, for the rows that were new at
   * preview time (another preview of the same file may have been committed since).
   */
  async importedKeys(
    userId: number,
    exceptBatch: number,
    rows: readonly { pocketId: number; externalId: string | null; fingerprint: string }[],
  ): Promise<Set<string>> {
    const found = new Set<string>();
    const pockets = [...new Set(rows.map((r) => r.pocketId))];
    const externalIds = [...new Set(rows.flatMap((r) => (r.externalId === null ? [] : [r.externalId])))];
    const fingerprints = [...new Set(rows.flatMap((r) => (r.externalId === null ? [r.fingerprint] : [])))];
    const base = () =>
      this.db
        .selectFrom('import_links')
        .select(['pocket_id', 'external_id', 'fingerprint'])
        .where('user_id', '=', userId)
        .where('batch_id', '!=', exceptBatch)
        .where('pocket_id', 'in', pockets);
    for (let i = 0; i < externalIds.length; i += CHUNK)
      for (const l of await base()
        .where('external_id', 'in', externalIds.slice(i, i + CHUNK))
        .execute())
        found.add(`${l.pocket_id}|e:${l.external_id ?? ''}`);
    for (let i = 0; i < fingerprints.length; i += CHUNK)
      for (const l of await base()
        .where('fingerprint', 'in', fingerprints.slice(i, i + CHUNK))
        .execute())
        found.add(`${l.pocket_id}|f:${l.fingerprint}`);
    return found;
  }

  /** Whether any batch but this one has left links: none, and nothing can have been imported twice. */
  async hasLinksBesides(userId: number, batchId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('import_links')
      .select('id')
      .where('user_id', '=', userId)
      .where('batch_id', '!=', batchId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async linksOfBatch(batchId: number): Promise<LinkRow[]> {
    return this.db.selectFrom('import_links').selectAll().where('batch_id', '=', batchId).orderBy('line').execute();
  }

  async deleteLinksOfBatch(batchId: number): Promise<void> {
    await this.db.deleteFrom('import_links').where('batch_id', '=', batchId).execute();
  }

  /**
   * Imported rows of other pockets that still stand as transactions, within the days: the other
   * legs a new row may be a transfer or conversion with.
   */
  async standingLinksBetween(userId: number, fromDay: number, toDay: number, exceptPockets: readonly number[]) {
    let q = this.db
      .selectFrom('import_links')
      .innerJoin('transactions', 'transactions.id', 'import_links.transaction_id')
      .selectAll('import_links')
      .where('import_links.user_id', '=', userId)
      .where('transactions.user_id', '=', userId)
      .where('import_links.day', '>=', fromDay)
      .where('import_links.day', '<=', toDay);
    if (exceptPockets.length > 0) q = q.where('import_links.pocket_id', 'not in', exceptPockets);
    return q.execute();
  }

  /** The import link of a transaction an import wrote. */
  async standingLink(userId: number, transactionId: number): Promise<LinkRow | undefined> {
    return this.db
      .selectFrom('import_links')
      .selectAll()
      .where('user_id', '=', userId)
      .where('transaction_id', '=', transactionId)
      .executeTakeFirst();
  }

  async setLinkTargets(id: number, targets: { transaction_id: number | null; conversion_id: number | null }) {
    await this.db.updateTable('import_links').set(targets).where('id', '=', id).execute();
  }

  /**
   * Transactions of a currency within the days, signed, each with the pocket an import linked it
   * to (null for rows typed by hand): the near-duplicate candidates of a new row.
   */
  async transactionsNear(
    userId: number,
    currency: string,
    fromDay: number,
    toDay: number,
  ): Promise<NearbyTransaction[]> {
    // Two plain range reads joined in memory: a join here let PostgreSQL, with statistics from
    // before a big import, scan every link once per transaction.
    const rows = await this.db
      .selectFrom('transactions')
      .select(['id', 'day', 'amount', 'is_income', 'description'])
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .orderBy('day')
      .orderBy('id')
      .execute();
    const links = await this.db
      .selectFrom('import_links')
      .select(['transaction_id', 'pocket_id'])
      .where('user_id', '=', userId)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .where('currency', '=', currency)
      .where('transaction_id', 'is not', null)
      .execute();
    const pocketOf = new Map(links.map((l) => [l.transaction_id, l.pocket_id]));
    return rows.map((r) => ({
      id: r.id,
      day: r.day,
      amount: r.is_income === 1 ? r.amount : -r.amount,
      description: r.description,
      pocketId: pocketOf.get(r.id) ?? null,
    }));
  }

  /**
   * The category each normalised payee's imported rows now have, most recent row first: the
   * payee history categories fall back on.
   */
  async payeeCategories(userId: number): Promise<{ payee: string; categoryId: number; isIncome: boolean }[]> {
    const rows = await this.db
      .selectFrom('import_links')
      .innerJoin('transactions', 'transactions.id', 'import_links.transaction_id')
      .select(['import_links.payee', 'transactions.category_id', 'transactions.is_income'])
      .where('import_links.user_id', '=', userId)
      .where('transactions.user_id', '=', userId)
      .where('transactions.kind', '=', 'real')
      .where('import_links.payee', '!=', '')
      .orderBy('transactions.time', 'desc')
      .orderBy('transactions.id', 'desc')
      .execute();
    return rows.map((r) => ({ payee: r.payee, categoryId: r.category_id, isIncome: r.is_income === 1 }));
  }

  async rejectedPairs(userId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('import_rejected_pairs')
      .select(['first', 'second'])
      .where('user_id', '=', userId)
      .execute();
    return new Set(rows.map((r) => `${r.first}\n${r.second}`));
  }

  async rejectPairs(userId: number, pairs: readonly [string, string][], at: number): Promise<void> {
    for (let i = 0; i < pairs.length; i += CHUNK)
      await this.db
        .insertInto('import_rejected_pairs')
        .values(
          pairs.slice(i, i + CHUNK).map(([first, second]) => ({ user_id: userId, first, second, created_at: at })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
}
