import { ApiError, apiFetch } from '../../lib/api';
import type { OutboxEntry } from './types';

/** The header that names a write (the server's modules/idempotency). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** What became of one send of an entry. */
export type Outcome =
  /** The server has it (a replay of an earlier send included); the entry goes. */
  | { kind: 'done'; answer: unknown }
  /** The first send with this key is still running on the server: the same again after a pause. */
  | { kind: 'in-progress'; seconds: number }
  /** The row changed (or went) since the change was made on it. */
  | { kind: 'conflict'; message: string; gone: boolean }
  /** The server refused it for good (a closed category, a missing rate): the person decides. */
  | { kind: 'refused'; message: string }
  /** No answer came (offline, the line dropped): the same entry later. */
  | { kind: 'offline' }
  /** The session ended: nothing more until someone signs in again. */
  | { kind: 'signed-out' }
  /** The server could not answer now (5xx, 429): later. */
  | { kind: 'later'; message: string };

const BOOK_GONE = /^Book \d+ not found$/;

/** Whether a 404 says the row the entry names is gone, rather than the book. */
const rowGone = (err: ApiError) => err.status === 404 && !BOOK_GONE.test(err.body?.message ?? '');

/** The outcome of an HTTP refusal of `entry`. */
export function outcomeOf(entry: OutboxEntry, err: ApiError): Outcome {
  const message = err.body?.message ?? err.message;
  if (err.status === 401) return { kind: 'signed-out' };
  if (err.status === 409 && err.body?.type === 'idempotency_in_progress')
    return { kind: 'in-progress', seconds: err.retryAfterSeconds ?? 1 };
  if (err.status === 409 && err.body?.type === 'version_conflict') return { kind: 'conflict', message, gone: false };
  const deletes = entry.kind === 'transaction-delete' || entry.kind === 'conversion-delete';
  const updates = entry.kind === 'transaction-update' || entry.kind === 'conversion-update';
  // A row deleted meanwhile: gone is what a delete wanted; an edit of it is a conflict.
  if (deletes && rowGone(err)) return { kind: 'done', answer: undefined };
  if (updates && rowGone(err)) return { kind: 'conflict', message, gone: true };
  if (err.status >= 500 || err.status === 429) return { kind: 'later', message };
  return { kind: 'refused', message };
}

/**
 * Sends one entry as it was made: its method, path and body, its key in Idempotency-Key and its
 * book in Kassa-Book, with the session's token and CSRF header.
 */
export async function sendEntry(entry: OutboxEntry): Promise<Outcome> {
  try {
    const res = await apiFetch(entry.method, entry.path, entry.body, {
      headers: { [IDEMPOTENCY_HEADER]: entry.key },
      book: entry.bookId,
    });
    const raw = await res.text();
    let answer: unknown;
    try {
      answer = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      answer = raw;
    }
    return { kind: 'done', answer };
  } catch (err) {
    // fetch rejects only when no answer came: the network, never the server.
    return err instanceof ApiError ? outcomeOf(entry, err) : { kind: 'offline' };
  }
}

/** Whether a failed request got no answer at all (fetch rejected), as opposed to an HTTP refusal. */
export const isNetworkFailure = (err: unknown): boolean =>
  err instanceof TypeError || (err instanceof DOMException && err.name === 'NetworkError');
