import type { QueryClient } from '@tanstack/react-query';
import { chosenBook } from '../../lib/book';
import { getToken, TOKEN_KEY, tokenSubject } from '../../lib/token';
import { refreshAfterLedgerChange } from '../ledger-refresh';
import { publish } from './live';
import { asOnlySender } from './lock';
import { drain, type RunEnd } from './sender';
import { addEntry, entriesOf, getEntry, outboxAvailable, putEntry, removeEntry } from './store';
import type { NewEntry, OutboxEntry } from './types';

// The outbox's engine, loaded after the first page: the sender's schedule (on start, on the
// `online` event, after each entry and every 30 s while entries wait, sooner after a failure),
// the snapshot the screens read, and the person's decisions. Docs: DECISIONS.md, Offline entry.

/** While entries wait, the sender tries again this often. */
export const TICK_MS = 30_000;
/** After a send that got no answer while the browser says it is online, the first retry comes this soon. */
const FIRST_RETRY_MS = 5000;
const CHANGES = 'kassa-outbox-changes';

let queryClient: QueryClient | undefined;
let started = false;
let running = false;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
/** The token a 401 ended: nothing is sent with it again. */
let refusedToken: string | null = null;
let changes: BroadcastChannel | undefined;
/** The sender's current run (resolved when idle). */
let runs: Promise<void> = Promise.resolve();

/** Whether this browser can keep an outbox. */
export const available = outboxAvailable;

const currentUser = (): string | undefined => {
  const token = getToken();
  return token === null ? undefined : tokenSubject(token);
};

/** Reads the signed-in user's entries into the screens' snapshot. */
export async function reload(): Promise<readonly OutboxEntry[]> {
  const user = currentUser();
  const entries = user === undefined || !outboxAvailable() ? [] : await entriesOf(user);
  publish(user, entries);
  return entries;
}

/** After a change here: this tab's screens, and the other tabs' (through the channel). */
function changed(): void {
  void reload();
  changes?.postMessage('changed');
}

function schedule(end: RunEnd, waiting: boolean): void {
  clearTimeout(timer);
  timer = undefined;
  if (!waiting || end === 'signed-out' || end === 'nobody') return;
  failures = end === 'empty' ? 0 : failures + 1;
  const online = typeof navigator === 'undefined' || navigator.onLine;
  const delay = end === 'empty' || !online ? TICK_MS : Math.min(TICK_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
  timer = setTimeout(kick, delay);
}

async function run(): Promise<void> {
  const result: { end: RunEnd; sent: number } = { end: 'empty', sent: 0 };
  await asOnlySender(async () => {
    result.end = await drain({
      userId: () => (getToken() === refusedToken ? undefined : currentUser()),
      changed,
      sent: () => {
        result.sent += 1;
      },
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
  });
  if (result.end === 'signed-out') refusedToken = getToken();
  // The ledger's answers once per run: the rows sent are now the server's.
  if (result.sent > 0 && queryClient !== undefined) void refreshAfterLedgerChange(queryClient);
  const entries = await reload();
  schedule(
    result.end,
    entries.some((e) => e.state === 'waiting'),
  );
}

/** Whether a kick came while the sender ran. */
const runAgain = (): boolean => again;

/** Runs the sender now, or once more after the run in progress. */
export function kick(): void {
  // Offline there is nothing to try: the `online` event kicks again.
  if (!outboxAvailable() || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  if (running) {
    again = true;
    return;
  }
  running = true;
  runs = (async () => {
    try {
      do {
        again = false;
        await run();
      } while (runAgain());
    } catch (err) {
      console.error(err);
    } finally {
      running = false;
    }
  })();
}

const onOnline = () => kick();

/** Someone signed in in another tab: their outbox, sent with their token. */
const onStorage = (e: StorageEvent) => {
  if (e.key !== null && e.key !== TOKEN_KEY) return;
  refusedToken = null;
  void reload();
  kick();
};

/** Starts the sender for the app: now, and whenever the connection returns or the token changes. */
export function start(client: QueryClient): void {
  queryClient = client;
  if (started || !outboxAvailable()) return;
  started = true;
  window.addEventListener('online', onOnline);
  window.addEventListener('storage', onStorage);
  if (typeof BroadcastChannel !== 'undefined') {
    changes = new BroadcastChannel(CHANGES);
    changes.onmessage = () => void reload();
  }
  void reload();
  kick();
}

/** The token changed in this tab (a sign-in): a new session may send what waits. */
export function tokenChanged(): void {
  if (getToken() !== refusedToken) refusedToken = null;
  void reload();
  kick();
}

/** Resolves once the sender is idle (tests). */
export const settled = (): Promise<void> => runs;

/** Stops the sender and empties the screens' snapshot (tests, which share one module cache). */
export function stop(): void {
  clearTimeout(timer);
  timer = undefined;
  window.removeEventListener('online', onOnline);
  window.removeEventListener('storage', onStorage);
  publish(undefined, []);
  changes?.close();
  changes = undefined;
  started = false;
  refusedToken = null;
  failures = 0;
}

/** Whether the user has entries waiting to be sent (a new write then queues behind them). */
export async function hasWaiting(userId: string): Promise<boolean> {
  if (!outboxAvailable()) return false;
  return (await entriesOf(userId)).some((e) => e.state === 'waiting');
}

/** Keeps a write in the outbox, under `key` (the Idempotency-Key of its first send, if one was tried), and sends when it can. */
export async function enqueue(entry: NewEntry, userId: string, key: string): Promise<OutboxEntry> {
  const added = await addEntry({
    ...entry,
    key,
    userId,
    bookId: chosenBook(),
    createdAt: new Date().toISOString(),
    state: 'waiting',
  });
  changed();
  kick();
  return added;
}

/** Forgets an entry: the person discarded their change. */
export async function discard(key: string): Promise<void> {
  await removeEntry(key);
  changed();
}

/**
 * Queues an entry again as a new request: another body or path after an edit or "Apply mine".
 * A new key, since the server keeps the old one's answer (the conflict) for the old request.
 */
export async function resend(
  key: string,
  request: Partial<Pick<NewEntry, 'kind' | 'path' | 'body' | 'before'>>,
): Promise<void> {
  const entry = await getEntry(key);
  if (entry === undefined) return;
  await removeEntry(key);
  await addEntry({
    key: crypto.randomUUID(),
    userId: entry.userId,
    bookId: entry.bookId,
    createdAt: entry.createdAt,
    state: 'waiting',
    kind: request.kind ?? entry.kind,
    method: entry.method,
    path: request.path ?? entry.path,
    ...(request.body === undefined && entry.body === undefined ? {} : { body: request.body ?? entry.body }),
    ...(request.before === undefined && entry.before === undefined ? {} : { before: request.before ?? entry.before }),
  });
  changed();
  kick();
}

/** Stores what a conflict's row is now (read again for the decision). */
export async function storeCurrent(entry: OutboxEntry): Promise<void> {
  await putEntry(entry);
  changed();
}
