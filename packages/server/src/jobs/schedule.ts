/** A periodic job; stop() cancels it (the app calls it on close). */
export interface ScheduledJob {
  stop(): void;
}

/**
 * Runs `run` after `firstDelayMs`, then every `intervalMs`, never two at once. Timers are
 * unref'd so a pending job does not keep the process alive. `run` must not throw (jobs log).
 */
export function schedule(run: () => Promise<unknown>, intervalMs: number, firstDelayMs: number): ScheduledJob {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    await run();
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs).unref();
  };
  timer = setTimeout(() => void tick(), firstDelayMs).unref();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
