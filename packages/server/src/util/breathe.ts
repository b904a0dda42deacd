import { setImmediate as nextTurn } from 'node:timers/promises';

// Long loops on the main thread (a million preview rows, a restore's inserts, an export's pages)
// give the event loop a turn every few milliseconds, so other requests are served between their
// slices. better-sqlite3 answers synchronously, so an awaited query alone never lets I/O in: only
// a macrotask (setImmediate) does.

/** Milliseconds a loop may run before it lets others in. */
export const SLICE_MS = 10;

export interface Breather {
  /** True when the loop has run for a slice since its last pause: a cheap check per row. */
  due(): boolean;
  /** Lets the event loop run pending I/O and timers, then starts a new slice. */
  pause(): Promise<void>;
  /** Pauses only when due. */
  maybe(): Promise<void>;
}

export function breather(sliceMs = SLICE_MS): Breather {
  let start = performance.now();
  const b: Breather = {
    due: () => performance.now() - start >= sliceMs,
    pause: async () => {
      await nextTurn();
      start = performance.now();
    },
    maybe: () => (b.due() ? b.pause() : Promise.resolve()),
  };
  return b;
}
