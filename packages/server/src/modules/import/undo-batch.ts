import type { ImportUndoResult } from '@kassa/contract';
import type { Kysely } from 'kysely';
import { allocateIds } from '../../db/id-allocation.js';
import type { DB } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { FixpointsRepository } from '../fixpoints/repository.js';
import { LedgerWriter } from '../ledger/index.js';
import { SchedulesRepository } from '../schedules/repository.js';
import { WRITE_SLICE, type Replaced } from './commit-plan.js';
import { ImportLinksRepository } from './links-repository.js';
import { ImportRepository } from './repository.js';

/** Undoes a committed batch: its transactions and conversions go (as they are now, edited or not), what it replaced comes back. */
export async function undoBatch(
  db: Kysely<DB>,
  userId: number,
  batchId: number,
  now: number,
  /** The member who undoes it (issue 34). */
  actor: number = userId,
): Promise<ImportUndoResult> {
  const repo = new ImportRepository(db);
  const batch = await repo.findBatch(userId, batchId);
  if (batch === undefined) throw notFound(`Import ${batchId} not found`);
  if (batch.status !== 'committed')
    throw conflict(`Import ${batchId} ${batch.status === 'undone' ? 'was already undone' : 'was never committed'}`);
  return db.transaction().execute(async (trx) => {
    const ledger = (await LedgerWriter.open(trx, userId, now, actor)).batch();
    const batches = new ImportRepository(trx);
    const links = new ImportLinksRepository(trx);
    if (
      !(await batches.moveStatus(userId, batchId, 'committed', { status: 'undone', undone_at: now, updated_by: actor }))
    )
      throw conflict(`Import ${batchId} was already undone`);
    const batchLinks = await links.linksOfBatch(batchId);
    const transactionIds = batchLinks.flatMap((l) => (l.transaction_id === null ? [] : [l.transaction_id]));
    // Occurrences of schedules these rows confirmed wait for confirm or skip again.
    await new SchedulesRepository(trx).releaseTransactions(userId, transactionIds);
    let removed = 0;
    for (let from = 0; from < transactionIds.length; from += WRITE_SLICE) {
      removed += (await ledger.deleteTransactions(transactionIds.slice(from, from + WRITE_SLICE))).length;
    }
    const conversionIds = new Set(batchLinks.flatMap((l) => (l.conversion_id === null ? [] : [l.conversion_id])));
    removed += (await ledger.deleteConversions([...conversionIds])).length;
    const replaced = JSON.parse(batch.replaced ?? '{"transactions":[],"states":[],"fixpoints":[]}') as Replaced;
    const ids = await allocateIds(trx, 'transactions', replaced.transactions.length);
    const restored = replaced.transactions.map((r, i) => ({ ...r.row, id: ids[i] ?? 0 }));
    await ledger.insertTransactions(restored);
    for (const [i, t] of restored.entries()) {
      const linkId = replaced.transactions[i]?.linkId;
      if (linkId !== undefined) await links.setLinkTargets(linkId, { transaction_id: t.id, conversion_id: null });
    }
    const fixpoints = new FixpointsRepository(trx);
    for (const s of replaced.states) {
      const fixpoint = { id: s.fixpointId, time: s.time };
      if (s.balance === null) await fixpoints.removeState(userId, fixpoint, s.pocketId, actor);
      else await fixpoints.updateState(userId, fixpoint, s.pocketId, s.balance, actor);
    }
    for (const f of replaced.fixpoints) await fixpoints.delete(userId, f);
    await links.deleteLinksOfBatch(batchId);
    await ledger.finish();
    return { batchId, removed, restored: restored.length };
  });
}
