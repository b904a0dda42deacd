import { tooManyRequests } from './errors.js';

// Import previews and backup restores read, check and write up to a million rows each. They run
// off the event loop or in slices that yield, but each still takes a core and hundreds of MB for
// seconds: one user starting four at once, or every user of an instance at the same time, would
// take the machine. So each user runs one at a time, a few run at once across users, a few more
// wait their turn, and the rest are told when to come back (429 with Retry-After).

export interface HeavyJobLimits {
  /** Jobs running at once across users. */
  running: number;
  /** Jobs waiting for a free place; past that, 429. */
  waiting: number;
  /** Seconds the 429 tells the client to wait. */
  retryAfterSeconds: number;
}

export const DEFAULT_HEAVY_JOB_LIMITS: HeavyJobLimits = { running: 1, waiting: 4, retryAfterSeconds: 15 };

/** The gate of the heavy jobs of one server process. */
export class HeavyJobs {
  private readonly busyUsers = new Set<number>();
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: HeavyJobLimits = DEFAULT_HEAVY_JOB_LIMITS) {}

  /**
   * Runs `job` for the user when a place is free. Refused with 429 while the user's own previous
   * job runs (they would only compete with each other) or when the queue is full.
   */
  async run<T>(userId: number, what: string, job: () => Promise<T>): Promise<T> {
    const retry = this.limits.retryAfterSeconds;
    if (this.busyUsers.has(userId))
      throw tooManyRequests(
        retry,
        `Your earlier import preview or restore is still running; ${what} can start when it has finished (try again in ${retry} s)`,
      );
    if (this.running >= this.limits.running && this.queue.length >= this.limits.waiting)
      throw tooManyRequests(
        retry,
        `The server is busy with other users' imports and restores; try ${what} again in ${retry} s`,
      );
    this.busyUsers.add(userId);
    try {
      if (this.running >= this.limits.running) await new Promise<void>((resolve) => this.queue.push(resolve));
      else this.running++;
      try {
        return await job();
      } finally {
        // The place passes straight to the next in line (running stays the same), or frees up.
        const next = this.queue.shift();
        if (next === undefined) this.running--;
        else next();
      }
    } finally {
      this.busyUsers.delete(userId);
    }
  }

  /** Jobs running and waiting now (for tests and the health details). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }
}
