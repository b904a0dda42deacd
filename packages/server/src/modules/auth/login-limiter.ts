/**
 * Fixed-window attempt counter per key, in memory. Enough for a single-process self-hosted
 * server; a restart forgets the counts, which only ever favours the user.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfterSeconds(key: string): number {
    const w = this.current(key);
    if (w === undefined || w.count < this.max) return 0;
    return Math.max(1, Math.ceil((w.startedAt + this.windowMs - this.now()) / 1000));
  }

  /** Counts one attempt for the key. */
  hit(key: string): void {
    const w = this.current(key);
    if (w === undefined) this.windows.set(key, { startedAt: this.now(), count: 1 });
    else w.count += 1;
    if (this.windows.size > 10_000) this.sweep();
  }

  /** Forgets the key (after a successful login). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w !== undefined && this.now() - w.startedAt >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
  }
}
