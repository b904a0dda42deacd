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

/** Array.map that lets others in whenever a slice is used: for the hundreds of thousands of rows of a restore. */
export async function mapPaced<T, U>(
  items: readonly T[],
  fn: (item: T, index: number) => U,
  pace: Breather = breather(),
): Promise<U[]> {
  const mapped: U[] = [];
  for (const [index, item] of items.entries()) {
    if (pace.due()) await pace.pause();
    mapped.push(fn(item, index));
  }
  return mapped;
}
