import { UNDO_TTL_MINUTES } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { UndoRepository, type UndoChanges } from './repository.js';
import { newUndoToken } from './tokens.js';

/** What a change is about to do, so undo can put it back. */
export interface UndoSpec {
  action: 'delete' | 'update';
  transactionIds?: readonly number[];
  conversionIds?: readonly number[];
  /** For an update: what it writes on every row. */
  changes?: UndoChanges;
}

/** The entry just recorded: the token for the client, the id for the caller's further SQL. */
export interface RecordedUndo {
  token: string;
  undoId: number;
  /** Rows saved: the caller's rows that exist (the others are not the user's). */
  saved: number;
}

/**
 * Saves the rows a change is about to delete or update, as they are now, and answers the token
 * that reverts it. Call it inside the change's database transaction, before the change: the
 * saved rows and the change commit together or not at all. Drops the user's expired entries on
 * the way, so the log never holds more than UNDO_TTL_MINUTES of a user's changes.
 */
export async function recordUndo(trx: Kysely<DB>, userId: number, spec: UndoSpec, now: number): Promise<RecordedUndo> {
  const repo = new UndoRepository(trx);
  await repo.dropExpired(userId, now);
  const { token, hash } = newUndoToken();
  const undoId = await repo.insertEntry({
    user_id: userId,
    token_hash: hash,
    action: spec.action,
    changes: spec.changes === undefined ? null : JSON.stringify(spec.changes),
    count: 0,
    created_at: now,
    expires_at: now + UNDO_TTL_MINUTES * 60_000,
    used_at: null,
  });
  const saved =
    (await repo.saveTransactions(undoId, userId, spec.transactionIds ?? [])) +
    (await repo.saveConversions(undoId, userId, spec.conversionIds ?? []));
  await repo.setCount(undoId, saved);
  return { token, undoId, saved };
}
