import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { JobRunsRepository } from './job-runs-repository.js';

/** This process, as job_runs names the instance that ran a tick. */
export const INSTANCE_ID = randomUUID();

/** The tick an instant falls in: ticks are `intervalMs` long, counted from the epoch. */
export const tickOf = (now: number, intervalMs: number): number => Math.floor(now / intervalMs);

/**
 * Wraps a job so that, of every instance on the database, exactly one runs it per tick: the one
 * whose claim of (job, tick) lands first (an idempotency key in job_runs). A failed claim (the
 * database is away) skips the tick here; another instance or the next tick runs it.
 */
export function oncePerTick(
  db: Kysely<DB>,
  job: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  log: { warn(obj: object, msg: string): void },
  now: () => number = Date.now,
): () => Promise<boolean> {
  const runs = new JobRunsRepository(db);
  return async () => {
    const at = now();
    const claimed = await runs.claim(job, tickOf(at, intervalMs), INSTANCE_ID, at).catch((err: unknown) => {
      log.warn({ job, error: String(err) }, 'could not claim the job tick; skipped here');
      return false;
    });
    if (claimed) await run();
    return claimed;
  };
}
