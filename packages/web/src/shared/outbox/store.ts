import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxEntry } from './types';

// The outbox in IndexedDB: one store of entries keyed by their Idempotency-Key, ordered by `seq`,
// which an entry takes inside the transaction that adds it, so two tabs never share a number.

interface OutboxDb extends DBSchema {
  entries: {
    key: string;
    value: OutboxEntry;
    indexes: { seq: number; user: [string, number] };
  };
}

const DB_NAME = 'kassa-outbox';
const STORE = 'entries';
let db: Promise<IDBPDatabase<OutboxDb>> | undefined;

/** Whether this browser can keep an outbox (IndexedDB; some private modes have none). */
export const outboxAvailable = (): boolean => typeof indexedDB !== 'undefined';

function open(): Promise<IDBPDatabase<OutboxDb>> {
  db ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      const store = database.createObjectStore(STORE, { keyPath: 'key' });
      store.createIndex('seq', 'seq');
      store.createIndex('user', ['userId', 'seq']);
    },
    // A newer version opened in another tab: let it upgrade, open again on the next use.
    blocking() {
      void db?.then((d) => d.close());
      db = undefined;
    },
  });
  return db;
}

/** Adds an entry after every other: its `seq` is one more than the largest on this device. */
export async function addEntry(fields: Omit<OutboxEntry, 'seq'>): Promise<OutboxEntry> {
  const tx = (await open()).transaction(STORE, 'readwrite');
  const last = await tx.store.index('seq').openCursor(null, 'prev');
  const entry: OutboxEntry = { ...fields, seq: (last?.value.seq ?? 0) + 1 };
  await tx.store.add(entry);
  await tx.done;
  return entry;
}

/** The user's entries in the order they were made. */
export async function entriesOf(userId: string): Promise<OutboxEntry[]> {
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  return (await open()).getAllFromIndex(STORE, 'user', range);
}

export async function getEntry(key: string): Promise<OutboxEntry | undefined> {
  return (await open()).get(STORE, key);
}

/** Stores a changed entry (its state, error, the row now) under its key. */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await open()).put(STORE, entry);
}

export async function removeEntry(key: string): Promise<void> {
  await (await open()).delete(STORE, key);
}

/** Forgets the open database (tests give each case a fresh IndexedDB). */
export async function closeOutboxDb(): Promise<void> {
  const open = db;
  db = undefined;
  if (open !== undefined) (await open).close();
}
