import type { Conversion, Transaction } from '@kassa/contract';

// The outbox's entries (issue 36, offline entry): writes kept on this device until the server has
// them, each named by the Idempotency-Key it is sent with, so a send whose answer was lost and is
// sent again is done once.

/** What an entry does, which decides how it is shown and what its conflicts are about. */
export type OutboxKind =
  | 'transaction-add'
  | 'conversion-add'
  | 'fixpoint-set'
  | 'transaction-update'
  | 'transaction-delete'
  | 'conversion-update'
  | 'conversion-delete';

/**
 * waiting: to be sent; conflict: the row changed on the server since the change was made on it
 * (409 version_conflict, or it is gone); refused: the server said no (another 4xx). The last two
 * wait for the person's decision and are never sent on their own.
 */
export type OutboxState = 'waiting' | 'conflict' | 'refused';

/** A row an edit or delete was made on, and what the server holds of it now. */
export type LedgerRow = Transaction | Conversion;

/** One request as it is sent. */
export interface OutboxRequest {
  method: 'POST' | 'DELETE';
  /** Below /api/, with its query (`transaction/delete/7?version=3`). */
  path: string;
  body?: unknown;
}

export interface OutboxEntry extends OutboxRequest {
  /** The Idempotency-Key (crypto.randomUUID()): the same on every send of this entry. */
  key: string;
  /** The order of entry across the device's tabs; entries are sent in it. */
  seq: number;
  /** Whose outbox (the token's subject): nobody else signing in here sends or sees it. */
  userId: string;
  /** The book (Kassa-Book) the entry was made in; null: the user's own. */
  bookId: number | null;
  kind: OutboxKind;
  /** ISO instant of entry. */
  createdAt: string;
  state: OutboxState;
  /** The server's message of the last refusal or failure. */
  lastError?: string;
  /** An edit's or delete's row as it was when the change was made (what "Your change" replaces). */
  before?: LedgerRow;
  /** A conflict's row as the server has it now; null: deleted on the server. */
  current?: LedgerRow | null;
}

/** What a form hands the outbox: the request, and for an edit or delete the row it was made on. */
export interface NewEntry extends OutboxRequest {
  kind: OutboxKind;
  before?: LedgerRow;
}

/** The answer of a write that went to the outbox instead of the server. */
export interface Queued {
  queued: true;
  /** The browser was offline (else entries were waiting before it, or the network failed). */
  offline: boolean;
}

export const isQueued = (value: unknown): value is Queued =>
  typeof value === 'object' && value !== null && (value as { queued?: unknown }).queued === true;
