// One sender at a time across the tabs of this browser: the Web Locks API where there is one
// (every current browser), else a guard over a BroadcastChannel. Two senders would do no harm,
// since each entry's Idempotency-Key makes the server do it once, but they would send in vain.

const NAME = 'kassa-outbox-sender';
/** A tab that said it is sending and has not spoken for this long is taken to be gone. */
const SILENT_MS = 5000;
const BEAT_MS = 2000;

type Message = { type: 'busy' | 'idle' };

let channel: BroadcastChannel | undefined;
let othersBusyUntil = 0;

function broadcast(): BroadcastChannel | undefined {
  if (channel === undefined && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(NAME);
    channel.onmessage = (e: MessageEvent<Message>) => {
      othersBusyUntil = e.data.type === 'busy' ? Date.now() + SILENT_MS : 0;
    };
  }
  return channel;
}

/** Runs `work` while no other tab's sender does; without Web Locks, skips it when one is busy (false). */
async function guarded(work: () => Promise<void>): Promise<boolean> {
  const peers = broadcast();
  if (Date.now() < othersBusyUntil) return false;
  peers?.postMessage({ type: 'busy' } satisfies Message);
  const beat = setInterval(() => peers?.postMessage({ type: 'busy' } satisfies Message), BEAT_MS);
  try {
    await work();
  } finally {
    clearInterval(beat);
    peers?.postMessage({ type: 'idle' } satisfies Message);
  }
  return true;
}

/**
 * Runs `work` as the only sender of this browser: with Web Locks it waits for another tab's run
 * to end (then finds what that one left); answers whether it ran.
 */
export async function asOnlySender(work: () => Promise<void>, useLocks = true): Promise<boolean> {
  // Typed as always there; older browsers and test DOMs have none (or null).
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockManager | null }).locks;
  if (useLocks && typeof locks?.request === 'function') {
    await locks.request(NAME, async () => {
      await work();
    });
    return true;
  }
  return guarded(work);
}
