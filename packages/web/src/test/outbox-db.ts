import * as fake from 'fake-indexeddb';
import { closeOutboxDb } from '../shared/outbox/store';

// A fresh in-memory IndexedDB (fake-indexeddb) for a test of the outbox: the browser's globals for
// the test's length only, since web test files share a worker (isolate: false) and the rest run
// without IndexedDB, as happy-dom has none.

const NAMES = [
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBFactory',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
] as const;

const globals = globalThis as unknown as Record<string, unknown>;
const saved = new Map<string, unknown>();

/** Installs an empty IndexedDB. */
export function installFakeIndexedDb(): void {
  for (const name of ['indexedDB', ...NAMES]) if (name in globals) saved.set(name, globals[name]);
  globals['indexedDB'] = new fake.IDBFactory();
  for (const name of NAMES) globals[name] = fake[name];
}

/** Puts back what was there (nothing, in happy-dom). */
function restore(name: string): void {
  Reflect.deleteProperty(globals, name);
  if (saved.has(name)) globals[name] = saved.get(name);
}

/** Closes the outbox's database and takes IndexedDB away again. */
export async function removeFakeIndexedDb(): Promise<void> {
  await closeOutboxDb();
  for (const name of ['indexedDB', ...NAMES]) restore(name);
}
