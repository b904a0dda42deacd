import type { ImportCommit, ImportCommitResult } from '@kassa/contract';
import type { Kysely } from 'kysely';
import { BULK_ROWS, settleSearchIndex } from '../../db/search-index.js';
import { refreshStatistics } from '../../db/statistics.js';
import type { DB } from '../../db/schema.js';
import type { ReportProgress } from '../../http/progress-answer.js';
import { conflict, notFound } from '../../http/errors.js';
import { CategoriesRepository } from '../categories/repository.js';
import { LedgerWriter, type MainValuation } from '../ledger/index.js';
import { breather } from '../../util/breathe.js';
import { statementFixpoints } from './commit-anchors.js';
import { writePairs } from './commit-pairs.js';
import { decide, rejectedPairsOf, WRITE_SLICE, type Action, type CommitRun } from './commit-plan.js';
import { RowsWriter } from './commit-rows.js';
import type { StoredRow } from './stored-row.js';
import { saveProfiles } from './profiles.js';
import { ImportLinksRepository } from './links-repository.js';
import { ImportRepository } from './repository.js';

// The writes of import (DESIGN §9): commit turns a stored preview into transactions, transfers
// and conversions in one database transaction, through the ledger writer (pairs in
// commit-pairs.ts, plain rows in commit-rows.ts, statement anchors in commit-anchors.ts); undo
// (undo-batch.ts) takes exactly those back out.

/** A commit this large leaves PostgreSQL's planner statistics behind (db/statistics.ts). */

/**
 * Commits a previewed batch: every new row (and each duplicate the body imports anyway) becomes
 * a transaction in its pocket's currency; pairs become one conversion (a transfer when
 * both legs are in one currency); closing balances become a fixpoint when asked. All or nothing.
 */
export async function commitBatch(
  db: Kysely<DB>,
  book: { id: number; actorId?: number },
  batchId: number,
  input: ImportCommit,
  now: number,
  report: ReportProgress = () => undefined,
  valuation?: MainValuation,
): Promise<ImportCommitResult> {
  const userId = book.id;
  const actor = book.actorId ?? book.id;
  const repo = new ImportRepository(db);
  const batch = await repo.findBatch(userId, batchId);
  if (batch === undefined) throw notFound(`Import ${batchId} not found`);
  if (batch.status !== 'preview') throw conflict(`Import ${batchId} was already ${batch.status}`);
  if (batch.expires_at < now) throw notFound(`Import ${batchId} has expired: preview the file again`);
  // Only rows the body changes or that pair with another leg are held; the others are read a
  // chunk at a time while they are written (a million rows are never all in memory).
  const wanted = new Set([...(input.rows ?? []).map((o) => o.line), ...(JSON.parse(batch.paired_lines) as number[])]);
  const special = await repo.rowsAt<StoredRow>(batch.id, wanted);
  const categories = await new CategoriesRepository(db).list(userId);
  const plan = decide(special, input, categories);
  const { byLine, actions, anyway } = plan;
  const actionOf = (r: StoredRow): Action =>
    actions.get(r.line) ?? (r.status === 'new' ? 'write' : r.status === 'duplicate' ? 'duplicate' : 'error');

  const committing = { status: 'committed' as const, committed_at: now, updated_by: actor };
  const result = await db.transaction().execute(async (trx) => {
    const batches = new ImportRepository(trx);
    const links = new ImportLinksRepository(trx);
    const run: CommitRun = {
      trx,
      ledger: await openLedger(trx, book, now, valuation),
      links,
      userId,
      batchId,
      now,
      replaced: { transactions: [], states: [], fixpoints: [] },
    };
    if (!(await batches.moveStatus(userId, batchId, 'preview', committing)))
      throw conflict(`Import ${batchId} was already committed`);
    report({ stage: 'write', done: 0, total: batch.row_count });
    const pairs = await writePairs(run, special, plan);
    await links.insertLinks(pairs.links);

    const rows = new RowsWriter(run, categories, anyway);
    const tally = { skip: 0, error: 0, duplicate: 0, pair: 0 };
    // The rows read so far of all the batch holds: what the page's progress bar shows.
    let read = 0;
    const pace = breather();
    // The first day of each pocket's rows: a statement's opening is anchored before it.
    const firstDay = new Map<number, number>();
    for await (const chunk of batches.rowChunks<StoredRow>(batchId))
      for (const stored of chunk) {
        read++;
        const r = byLine.get(stored.line) ?? stored; // with the body's changes
        if (r.pocketId !== null && r.status !== 'error' && r.day < (firstDay.get(r.pocketId) ?? Infinity))
          firstDay.set(r.pocketId, r.day);
        const action = actionOf(r);
        if (action !== 'write') {
          tally[action]++;
          continue;
        }
        rows.add(r);
        if (rows.waiting >= WRITE_SLICE) {
          await rows.flush();
          report({ stage: 'write', done: read, total: batch.row_count });
          await pace.maybe(); // a million rows: other requests are served between slices
        }
      }
    await rows.flush();
    report({ stage: 'write', done: batch.row_count, total: batch.row_count });
    await run.ledger.finish();

    await links.rejectPairs(userId, rejectedPairsOf(plan), now);
    const fixpointId =
      input.fixpoint === true
        ? await statementFixpoints(trx, userId, batch.accounts, run.replaced, now, firstDay, actor)
        : null;
    if (batch.format !== 'bank') await saveProfiles(batches, userId, batch.options, batch.accounts, now);
    await batches.finishCommit(userId, batchId, {
      imported: rows.written,
      replaced: JSON.stringify(run.replaced),
      fixpoint_id: fixpointId,
    });
    await batches.deleteRows(batchId);
    return {
      batchId,
      imported: rows.written,
      skipped: tally.skip + tally.error,
      duplicates: tally.duplicate + rows.importedSincePreview,
      transfers: pairs.transfers,
      conversions: pairs.conversions,
      fixpointId,
      importedSincePreview: rows.importedSincePreview,
    };
  });
  await afterBulk(db, result.imported);
  return result;
}

/**
 * Rows go in through the ledger writer, valued as written (the first report after the import
 * reads them at once); what they use moves up its picker; the member who commits enters them.
 */
async function openLedger(
  trx: Kysely<DB>,
  book: { id: number; actorId?: number },
  now: number,
  valuation: MainValuation | undefined,
) {
  return (await LedgerWriter.open(trx, book.id, now, book.actorId)).batch({
    markUsed: true,
    ...(valuation && { valuation }),
  });
}

/** After many rows: the planner's statistics now, the search index's merge beside the next requests. */
async function afterBulk(db: Kysely<DB>, imported: number): Promise<void> {
  if (imported < BULK_ROWS) return;
  await refreshStatistics(db, ['transactions', 'import_links']);
  void settleSearchIndex(db);
}
