import type { Page, Request } from '@playwright/test';

/**
 * The requests of a page still waiting for their answers, counted from now on. `settled()`
 * resolves once none has been in flight for `quietMs`, which is what `networkidle` waits for
 * without its fixed 500 ms of silence per screen (a tenth of the accessibility scans' time).
 */
export function requestsOf(page: Page) {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const done = (r: Request) => {
    open.delete(r);
    lastChange = Date.now();
  };
  page.on('request', (r) => {
    open.add(r);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Counts now as a change: a navigation's first requests start a moment after it. */
    touch() {
      lastChange = Date.now();
    },
    async settled(quietMs = 150, timeoutMs = 15_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`still waiting after ${timeoutMs} ms for ${[...open].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
