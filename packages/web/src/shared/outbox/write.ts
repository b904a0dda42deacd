import { apiRequest } from '../../lib/api';
import { getToken, tokenSubject } from '../../lib/token';
import { IDEMPOTENCY_HEADER, isNetworkFailure } from './send';
import type { NewEntry, OutboxRequest, Queued } from './types';

/** The engine, loaded on first use (after the first page, or with the first write). */
export const loadEngine = () => import('./engine');

/** A write as a form asks for it: the request, and how it is made when it waits in the outbox. */
export interface Write extends Omit<NewEntry, 'method' | 'path' | 'body'> {
  /**
   * The request. `queued` is true when it goes to the outbox from the start: an edit or delete
   * then names the version it was made on (DECISIONS.md, Offline entry); sent at once, it is the
   * online form's request, unchanged.
   */
  request: (queued: boolean) => OutboxRequest;
}

/**
 * Sends a ledger write, or keeps it in the outbox (issue 36): when the browser is offline, when
 * entries wait before it (so the order of entry holds), or when the send gets no answer at all.
 * Sent at once it carries an Idempotency-Key, and a send that fails at the network level goes to
 * the outbox under that key: should the server have done it, the retry gets its answer again
 * instead of a second row. HTTP refusals are thrown as ApiError, as before.
 */
export async function writeOrQueue<T>(write: Write): Promise<T | Queued> {
  const { request, ...entry } = write;
  const token = getToken();
  const user = token === null ? undefined : tokenSubject(token);
  const key = crypto.randomUUID();
  const loaded = user === undefined ? undefined : await loadEngine();
  // Without IndexedDB (some private modes) nothing can wait: every write is sent, as before.
  const engine = loaded?.available() === true ? loaded : undefined;
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (engine !== undefined && user !== undefined && (offline || (await engine.hasWaiting(user)))) {
    await engine.enqueue({ ...entry, ...request(true) }, user, key);
    return { queued: true, offline };
  }
  const now = request(false);
  try {
    return await apiRequest<T>(now.method, now.path, now.body, { headers: { [IDEMPOTENCY_HEADER]: key } });
  } catch (err) {
    if (engine === undefined || user === undefined || !isNetworkFailure(err)) throw err;
    await engine.enqueue({ ...entry, ...now }, user, key);
    return { queued: true, offline: typeof navigator !== 'undefined' && !navigator.onLine };
  }
}
