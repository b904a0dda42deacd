import { apiGet } from '../../lib/api';
import { sendEntry, type Outcome } from './send';
import { entriesOf, putEntry, removeEntry } from './store';
import type { LedgerRow, OutboxEntry } from './types';

/** How a run of the sender ended. */
export type RunEnd = 'empty' | 'offline' | 'signed-out' | 'later' | 'nobody';

export interface SenderHooks {
  /** The signed-in user (the token's subject), read before each entry. */
  userId: () => string | undefined;
  /** The entries changed (one sent, one moved to the decisions). */
  changed: () => void;
  /** An entry reached the server: its answer, for whoever waits on it. */
  sent: (entry: OutboxEntry, answer: unknown) => void;
  /** Waits (the pause a 409 idempotency_in_progress asks for). */
  sleep: (ms: number) => Promise<void>;
}

/** Sends of one entry that the server answers "still running" before the run gives up for now. */
const MAX_IN_PROGRESS = 30;

/** The row an edit or delete names, as the server has it now: null when gone, undefined when unknown. */
export async function rowNow(entry: OutboxEntry): Promise<LedgerRow | null | undefined> {
  const id = entry.before?.id;
  if (id === undefined) return undefined;
  const entity = entry.kind.startsWith('conversion') ? 'conversion' : 'transaction';
  try {
    return await apiGet<LedgerRow>(`${entity}/getbyid/${id}`, { book: entry.bookId });
  } catch (err) {
    return (err as { status?: number }).status === 404 ? null : undefined;
  }
}

/** Moves an entry to the decisions: a conflict with the row as it is now, or a refusal with its message. */
async function park(entry: OutboxEntry, outcome: Extract<Outcome, { kind: 'conflict' | 'refused' }>): Promise<void> {
  if (outcome.kind === 'refused') {
    await putEntry({ ...entry, state: 'refused', lastError: outcome.message });
    return;
  }
  const current = outcome.gone ? null : await rowNow(entry);
  await putEntry({
    ...entry,
    state: 'conflict',
    lastError: outcome.message,
    ...(current === undefined ? {} : { current }),
  });
}

/** Sends `entry` until the server has answered it for good (a "still running" is sent again). */
async function sendOnce(entry: OutboxEntry, hooks: SenderHooks): Promise<Outcome> {
  for (let tries = 1; ; tries++) {
    const outcome = await sendEntry(entry);
    if (outcome.kind !== 'in-progress') return outcome;
    if (tries >= MAX_IN_PROGRESS) return { kind: 'later', message: 'The server is still working on it' };
    await hooks.sleep(outcome.seconds * 1000);
  }
}

/**
 * Sends the signed-in user's waiting entries one at a time in the order they were made, each with
 * its Idempotency-Key and book, until none is left or one cannot be sent now. Entries waiting for
 * a decision are skipped, never sent. Read anew before each entry, so one added meanwhile (here or
 * in another tab) goes in the same run.
 */
export async function drain(hooks: SenderHooks): Promise<RunEnd> {
  for (;;) {
    const user = hooks.userId();
    if (user === undefined) return 'nobody';
    const next = (await entriesOf(user)).find((e) => e.state === 'waiting');
    if (next === undefined) return 'empty';
    const outcome = await sendOnce(next, hooks);
    switch (outcome.kind) {
      case 'done':
        await removeEntry(next.key);
        hooks.sent(next, outcome.answer);
        break;
      case 'conflict':
      case 'refused':
        await park(next, outcome);
        break;
      case 'later':
        await putEntry({ ...next, lastError: outcome.message });
        hooks.changed();
        return 'later';
      case 'offline':
      case 'signed-out':
        return outcome.kind;
      case 'in-progress':
        return 'later';
    }
    hooks.changed();
  }
}
