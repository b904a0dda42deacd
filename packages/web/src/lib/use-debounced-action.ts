import { useRef } from 'react';

/**
 * Runs an action on the first call and ignores further calls for `ms` and while it is still
 * running, so a double click saves once (spec §9: save debounced to 500 ms).
 */
export function useDebouncedAction(action: () => Promise<unknown>, ms = 500): () => void {
  const busyUntil = useRef(0);
  const running = useRef(false);
  return () => {
    const now = Date.now();
    if (running.current || now < busyUntil.current) return;
    busyUntil.current = now + ms;
    running.current = true;
    void action().finally(() => {
      running.current = false;
    });
  };
}
