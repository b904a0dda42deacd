import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { FixpointsRepository } from '../fixpoints/repository.js';
import { LedgerRepository } from '../ledger/index.js';
import { statementAnchors, type StoredStatementAccount } from './anchors.js';
import type { Replaced } from './commit-plan.js';

/**
 * Saves each statement's anchors (`statementAnchors`) as its pocket's state in a fixpoint at that
 * instant, stating that pocket only: every other pocket passes through it at its calculated
 * balance (DESIGN §4). A fixpoint already at that instant gets the state instead (its old value,
 * or that it had none, kept for undo). Answers the closing balance's fixpoint (the latest).
 */
export async function statementFixpoints(
  db: Kysely<DB>,
  userId: number,
  statementAccountsJson: string,
  replaced: Replaced,
  now: number,
  firstDay: ReadonlyMap<number, number>,
  /** The member who commits (issue 34). */
  actor: number = userId,
): Promise<number | null> {
  const byTime = statementAnchors(JSON.parse(statementAccountsJson) as StoredStatementAccount[], now, firstDay);
  const fixpoints = new FixpointsRepository(db);
  const ledger = new LedgerRepository(db);
  const anchored: { id: number; time: number }[] = [];
  for (const [time, byPocket] of byTime) {
    const stated = [...byPocket].map(([pocketId, balance]) => ({ pocketId, balance }));
    const existing = await fixpoints.findAt(userId, time);
    if (existing === undefined) {
      const id = await fixpoints.insert(userId, time, stated, now, actor);
      replaced.fixpoints.push({ id, time });
      anchored.push({ id, time });
      continue;
    }
    const states = await ledger.states(userId, existing.id);
    for (const s of stated) {
      const old = states.find((x) => x.pocketId === s.pocketId);
      replaced.states.push({ fixpointId: existing.id, time, pocketId: s.pocketId, balance: old?.balance ?? null });
      if (old === undefined) await fixpoints.addState(userId, existing, s.pocketId, s.balance, actor);
      else await fixpoints.updateState(userId, existing, s.pocketId, s.balance, actor);
    }
    anchored.push({ id: existing.id, time });
  }
  const latest = anchored.reduce<{ id: number; time: number } | undefined>(
    (last, f) => (last === undefined || f.time > last.time ? f : last),
    undefined,
  );
  return latest?.id ?? null;
}
