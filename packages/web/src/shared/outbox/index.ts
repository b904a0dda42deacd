// The outbox (issue 36, offline entry): writes kept on this device until the server has them.
// The screens read the snapshot (live.ts) and write through writeOrQueue; IndexedDB and the
// sender (engine.ts) load after the first page.
import type { QueryClient } from '@tanstack/react-query';
import { loadEngine } from './write';
import type { NewEntry, OutboxEntry } from './types';

export { isQueued, type LedgerRow, type OutboxEntry, type OutboxKind, type Queued } from './types';
export { useDecisions, useOutboxEntries, useOutboxLoaded, useWaitingEntries } from './live';
export { writeOrQueue, type Write } from './write';
export { notifyQueued } from './notice';
export { entryFigures, isIncomeEntry, waitingSums, type Figure } from './figures';
export { isNetworkFailure } from './send';

/** Starts the sender (the private shell, once): it sends what waits now and whenever it can. */
export function startOutbox(client: QueryClient): void {
  void loadEngine().then((engine) => engine.start(client));
}

/** The signed-in user changed in this tab: their outbox is read, and sent with their token. */
export function outboxTokenChanged(): void {
  void loadEngine().then((engine) => engine.tokenChanged());
}

/** "Discard mine": the entry goes, the server's row stays as it is. */
export const discardEntry = async (key: string) => (await loadEngine()).discard(key);

/** "Apply mine", or an edited refusal: the entry is queued again as a new request. */
export const resendEntry = async (key: string, request: Partial<Pick<NewEntry, 'kind' | 'path' | 'body' | 'before'>>) =>
  (await loadEngine()).resend(key, request);

/** Reads a conflict's row again and keeps it with the entry. */
export async function refreshCurrent(entry: OutboxEntry): Promise<void> {
  const [{ rowNow }, engine] = await Promise.all([import('./sender'), loadEngine()]);
  const current = await rowNow(entry);
  if (current !== undefined) await engine.storeCurrent({ ...entry, current });
}
