import { UNDO_TTL_MINUTES, type UndoResult } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import { CategoriesRepository } from '../categories/repository.js';
import { LedgerWriter } from '../ledger/index.js';
import { UndoRepository, type UndoChanges, type UndoEntry } from './repository.js';
import { hashUndoToken, UNDO_TOKEN_PATTERN } from './tokens.js';

const UNKNOWN = 'Nothing to undo: this undo token is unknown';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * POST undo/{token}: puts a delete or a bulk update back exactly as it was (rows under their own
 * ids, every column, the daily totals and everything derived from them), in one database
 * transaction. A token works once, for UNDO_TTL_MINUTES, and only for the user it was made for.
 * When rows were changed or deleted again since, nothing is undone (409): a partial undo would
 * leave the user unsure what the books hold.
 */
export class UndoService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {}

  async undo(owner: Owner, token: string): Promise<UndoResult> {
    if (!UNDO_TOKEN_PATTERN.test(token)) throw notFound(UNKNOWN);
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const writer = await LedgerWriter.open(trx, owner.id, now, owner.actorId);
      const repo = new UndoRepository(trx);
      const entry = await repo.findByHash(owner.id, hashUndoToken(token));
      if (entry === undefined) throw notFound(UNKNOWN);
      if (entry.used_at !== null) throw notFound('This change was already undone');
      if (entry.expires_at < now || !(await repo.claim(entry.id, now)))
        throw notFound(`This change can no longer be undone: undo works for ${UNDO_TTL_MINUTES} minutes`);
      await refuseUnusableCategories(trx, owner.id, repo, entry);
      const batch = writer.batch();
      let count: number;
      if (entry.action === 'delete') {
        // Ids are never handed out twice; only a restore of the books in between can take them.
        if ((await repo.idsInUse(entry.id)) > 0)
          throw conflict('The books were restored from a backup since; the deleted rows cannot be put back');
        count = await batch.restoreRows(repo.savedRows(entry.id));
      } else {
        const changes = changesOf(entry);
        const drift = await repo.driftSince(entry.id, owner.id, changes);
        if (drift.gone + drift.changed > 0)
          throw conflict(
            `${driftText(drift)} since, out of ${plural(entry.count, 'transaction')}; nothing was undone. ` +
              'Change them back by hand.',
          );
        count = await batch.restoreTransactionColumns(repo.savedColumns(entry.id));
      }
      await batch.finish();
      await repo.dropRows(entry.id);
      return { count };
    });
  }
}

function changesOf(entry: UndoEntry): UndoChanges {
  return entry.changes === null ? {} : (JSON.parse(entry.changes) as UndoChanges);
}

function driftText(drift: { gone: number; changed: number }): string {
  const parts: string[] = [];
  if (drift.changed > 0) parts.push(`${plural(drift.changed, 'transaction')} changed`);
  if (drift.gone > 0) parts.push(`${plural(drift.gone, 'transaction')} deleted`);
  return parts.join(' and ');
}

/**
 * The rows go back into their categories (and, for an update, out of the one it set): each must
 * still exist, and a closed loan or business category freezes its transactions (spec §4). An
 * inactive real category takes them back: they were there before.
 */
async function refuseUnusableCategories(
  trx: Kysely<DB>,
  userId: number,
  repo: UndoRepository,
  entry: UndoEntry,
): Promise<void> {
  const ids = (await repo.savedCategories(entry.id)).map((c) => c.categoryId);
  const changed = changesOf(entry).categoryId;
  if (changed !== undefined) ids.push(changed);
  if (ids.length === 0) return;
  const categories = new CategoriesRepository(trx);
  for (const id of new Set(ids)) {
    const category = await categories.find(userId, id);
    if (category === undefined) throw conflict(`Category ${id} was deleted since; its transactions cannot be put back`);
    if (!category.isActive && (category.type === 'loan' || category.type === 'business'))
      throw conflict(`Category ${category.name} was closed since; its transactions cannot be changed`);
  }
}
