import { sql, type Kysely } from 'kysely';
import { databaseFailure } from './failures.js';
import type { DB } from './schema.js';

/** The first pause between tries, doubled after each up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 250;
const MAX_PAUSE_MS = 5_000;

export interface WaitOptions {
  /** How long to keep trying; 0 tries once. */
  timeoutMs: number;
  /** Told of each failed try that will be tried again. */
  onRetry?: (err: unknown, attempt: number, pauseMs: number) => void;
}

/** The database did not answer within the time given; the last error is its cause. */
export class DatabaseWaitError extends Error {}

/**
 * Waits until the database answers `select 1`. A PostgreSQL that is not reachable yet (started
 * beside Kassa in a compose file without a health condition, or still recovering after a reboot)
 * is tried again with growing pauses until `timeoutMs` has passed; any other error (a wrong
 * password, a database that does not exist) is thrown at once, since waiting cannot mend it.
 * SQLite answers at the first try.
 */
export async function waitForDatabase(db: Kysely<DB>, { timeoutMs, onRetry }: WaitOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let pause = FIRST_PAUSE_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (err) {
      if (databaseFailure(err) !== 'unreachable') throw err;
      const left = deadline - Date.now();
      if (left <= 0) {
        const seconds = Math.round(timeoutMs / 100) / 10;
        throw new DatabaseWaitError(
          `the database did not answer within ${seconds} s (DATABASE_WAIT_SECONDS): ${messageOf(err)}`,
          { cause: err },
        );
      }
      const wait = Math.min(pause, left);
      onRetry?.(err, attempt, wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}

/** An error's own message, or its cause's when it has none (pg's AggregateError of ECONNREFUSED). */
export function messageOf(err: unknown): string {
  if (err instanceof Error && err.message !== '') return err.message;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : String(err);
}
