import type { Kysely, Selectable } from 'kysely';
import type { DB, ImportBatchesTable } from '../../db/schema.js';
import { breather } from '../../util/breathe.js';

/** Preview rows per stored JSON chunk. */
const ROWS_PER_CHUNK = 1000;

export type BatchRow = Selectable<ImportBatchesTable>;

/**
 * SQL of import batches, their stored rows and the pockets' import profiles; every query is
 * scoped by user. Links and rejected pairs are links-repository.ts.
 */
export class ImportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertBatch(batch: Omit<BatchRow, 'id' | 'imported' | 'stored_bytes'>): Promise<number> {
    const { id } = await this.db.insertInto('import_batches').values(batch).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /**
   * Stores the preview's rows as JSON, ROWS_PER_CHUNK to a table row (keyed by the chunk's
   * first line): 100k rows are a hundred inserts, not a hundred thousand. `stored` hears how
   * many are stored after each insert.
   */
  async insertRows(
    userId: number,
    batchId: number,
    rows: readonly { line: number }[],
    stored: (rows: number) => void = () => undefined,
  ): Promise<number> {
    // JSON made a few chunks at a time: a million rows never exist as text all at once.
    const perInsert = 20 * ROWS_PER_CHUNK;
    const pace = breather();
    let bytes = 0;
    stored(0);
    for (let i = 0; i < rows.length; i += perInsert) {
      const chunks: { user_id: number; batch_id: number; line: number; data: string }[] = [];
      for (let j = i; j < Math.min(rows.length, i + perInsert); j += ROWS_PER_CHUNK) {
        const chunk = rows.slice(j, j + ROWS_PER_CHUNK);
        chunks.push({ user_id: userId, batch_id: batchId, line: chunk[0]?.line ?? 0, data: JSON.stringify(chunk) });
      }
      await this.db.insertInto('import_rows').values(chunks).execute();
      for (const c of chunks) bytes += c.data.length;
      stored(Math.min(rows.length, i + perInsert));
      await pace.maybe();
    }
    await this.db.updateTable('import_batches').set({ stored_bytes: bytes }).where('id', '=', batchId).execute();
    return bytes;
  }

  async findBatch(userId: number, id: number): Promise<BatchRow | undefined> {
    return this.db
      .selectFrom('import_batches')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The user's batches, newest first. */
  async listBatches(userId: number, limit: number): Promise<BatchRow[]> {
    return this.db
      .selectFrom('import_batches')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The stored rows of the given lines (those of them the batch has), in file order. */
  async rowsAt<T extends { line: number }>(batchId: number, lines: ReadonlySet<number>): Promise<T[]> {
    if (lines.size === 0) return [];
    // A chunk holds the lines from its first line up to the next chunk's: read only chunks holding wanted lines.
    const firsts = (
      await this.db.selectFrom('import_rows').select('line').where('batch_id', '=', batchId).orderBy('line').execute()
    ).map((c) => c.line);
    const wanted = [...lines].sort((a, b) => a - b);
    const keys = new Set<number>();
    let k = 0;
    for (const line of wanted) {
      while (k + 1 < firsts.length && (firsts[k + 1] ?? Infinity) <= line) k++;
      const first = firsts[k];
      if (first !== undefined && first <= line) keys.add(first);
    }
    const rows: T[] = [];
    for (const key of keys) {
      const chunk = await this.db
        .selectFrom('import_rows')
        .select('data')
        .where('batch_id', '=', batchId)
        .where('line', '=', key)
        .executeTakeFirst();
      if (chunk !== undefined) for (const r of JSON.parse(chunk.data) as T[]) if (lines.has(r.line)) rows.push(r);
    }
    return rows;
  }

  /** The stored preview rows of a batch in file order, a chunk at a time. */
  async *rowChunks<T>(batchId: number): AsyncGenerator<T[]> {
    let after = -1;
    for (;;) {
      const chunk = await this.db
        .selectFrom('import_rows')
        .select(['line', 'data'])
        .where('batch_id', '=', batchId)
        .where('line', '>', after)
        .orderBy('line')
        .limit(1)
        .executeTakeFirst();
      if (chunk === undefined) return;
      after = chunk.line;
      yield JSON.parse(chunk.data) as T[];
    }
  }

  /** Deletes a batch still in preview, with its rows; false when it is no longer one. */
  async deletePreview(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('import_batches')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '=', 'preview')
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The user's pending previews, oldest first, with what they hold. */
  async pendingPreviews(userId: number) {
    return this.db
      .selectFrom('import_batches')
      .select(['id', 'file_name', 'row_count', 'stored_bytes'])
      .where('user_id', '=', userId)
      .where('status', '=', 'preview')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Previews nobody committed within their time, and their rows. */
  async deleteExpired(userId: number, now: number): Promise<void> {
    await this.db
      .deleteFrom('import_batches')
      .where('user_id', '=', userId)
      .where('status', '=', 'preview')
      .where('expires_at', '<', now)
      .execute();
  }

  /** Moves a batch from one status to another; false when it was no longer in `from` (a concurrent commit or undo). */
  async moveStatus(
    userId: number,
    id: number,
    from: BatchRow['status'],
    changes: Partial<
      Pick<BatchRow, 'status' | 'imported' | 'replaced' | 'fixpoint_id' | 'committed_at' | 'undone_at' | 'updated_by'>
    >,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('import_batches')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Once committed, the stored preview has served its purpose. */
  async deleteRows(batchId: number): Promise<void> {
    await this.db.deleteFrom('import_rows').where('batch_id', '=', batchId).execute();
  }

  async finishCommit(
    userId: number,
    id: number,
    changes: Pick<BatchRow, 'imported' | 'replaced' | 'fixpoint_id'>,
  ): Promise<void> {
    await this.db
      .updateTable('import_batches')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async profile(userId: number, pocketId: number): Promise<{ options: string; account: string } | undefined> {
    return this.db
      .selectFrom('import_profiles')
      .select(['options', 'account'])
      .where('user_id', '=', userId)
      .where('pocket_id', '=', pocketId)
      .executeTakeFirst();
  }

  /** The pockets whose saved profile names these statement accounts. */
  async pocketsOfStatementAccounts(userId: number, statementAccounts: readonly string[]): Promise<Map<string, number>> {
    const named = statementAccounts.filter((a) => a !== '');
    if (named.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('import_profiles')
      .select(['account', 'pocket_id'])
      .where('user_id', '=', userId)
      .where('account', 'in', named)
      .execute();
    return new Map(rows.map((r) => [r.account, r.pocket_id]));
  }

  async saveProfile(
    userId: number,
    pocketId: number,
    statementAccount: string,
    options: string,
    at: number,
  ): Promise<void> {
    await this.db
      .insertInto('import_profiles')
      .values({ user_id: userId, pocket_id: pocketId, account: statementAccount, options, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['user_id', 'pocket_id']).doUpdateSet({ account: statementAccount, options, updated_at: at }),
      )
      .execute();
  }

  /** Fixpoints at or after an instant: their errors change when rows before them are added. */
  async fixpointsFrom(userId: number, time: number): Promise<{ count: number; earliest: number | null }> {
    const row = await this.db
      .selectFrom('fixpoints')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number>('time').as('earliest')])
      .where('user_id', '=', userId)
      .where('time', '>=', time)
      .executeTakeFirst();
    return { count: row?.count ?? 0, earliest: row?.earliest ?? null };
  }
}
