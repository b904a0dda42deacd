import { useSyncExternalStore } from 'react';
import { useChosenBook } from '../../lib/book';
import { tokenSubject, useToken } from '../../lib/token';
import type { OutboxEntry } from './types';

// What the screens show of the outbox: the signed-in user's entries as last read from IndexedDB
// (by the lazily loaded engine), kept here so the dashboard's first load carries no IndexedDB code.

interface Snapshot {
  userId: string | undefined;
  entries: readonly OutboxEntry[];
}

const EMPTY: Snapshot = { userId: undefined, entries: [] };
let snapshot: Snapshot = EMPTY;
const listeners = new Set<() => void>();

/** The engine's latest read of `userId`'s entries, in order. */
export function publish(userId: string | undefined, entries: readonly OutboxEntry[]): void {
  snapshot = { userId, entries };
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the engine has read the signed-in user's entries yet (an entry's page waits for it). */
export function useOutboxLoaded(): boolean {
  const token = useToken();
  const { userId } = useSyncExternalStore(subscribe, () => snapshot);
  return token !== null && userId !== undefined && userId === tokenSubject(token);
}

/** The signed-in user's entries, every book's, in the order they were made. */
export function useOutboxEntries(): readonly OutboxEntry[] {
  const token = useToken();
  const { userId, entries } = useSyncExternalStore(subscribe, () => snapshot);
  const user = token === null ? undefined : tokenSubject(token);
  return user !== undefined && user === userId ? entries : EMPTY.entries;
}

/** The entries of the book this tab works on that wait to be sent. */
export function useWaitingEntries(): OutboxEntry[] {
  const book = useChosenBook();
  return useOutboxEntries().filter((e) => e.state === 'waiting' && e.bookId === book);
}

/** The entries that wait for the person's decision (conflicts and refusals), every book's. */
export function useDecisions(): OutboxEntry[] {
  return useOutboxEntries().filter((e) => e.state !== 'waiting');
}
