import { databaseFailure } from '../../db/failures.js';
import { unavailable } from '../../http/errors.js';
import type { HealthRepository } from './repository.js';

/** Why a write failed, in the words of the readiness message. */
const WRITE_FAILURES = {
  disk_full: 'the disk is full',
  read_only: 'it is read-only',
  storage_error: 'a storage error occurred',
  unreachable: 'the connection failed',
} as const;

/**
 * Readiness: the database is reachable, has every migration this code knows, and stores a
 * write. Checked in that order, so the answer names the first thing an operator has to fix.
 */
export class HealthService {
  /** The last answer, so only changes reach the log (probes run every few seconds). */
  private lastProblem: string | undefined;

  constructor(
    private readonly repository: HealthRepository,
    private readonly log: { warn(obj: object, msg: string): void; info(msg: string): void },
    private readonly now: () => number = Date.now,
  ) {}

  private draining = false;

  /**
   * From now on readiness answers 503 "shutting down", so a load balancer sends new requests to
   * the other instances while this one finishes what it has (main.ts, on SIGTERM).
   */
  drain(): void {
    this.draining = true;
  }

  isDraining(): boolean {
    return this.draining;
  }

  /** Resolves when ready; throws 503 'unavailable' naming the failed check otherwise. */
  async assertReady(): Promise<void> {
    if (this.draining) throw unavailable('Not ready: shutting down');
    const problem = await this.firstProblem();
    if (problem === undefined) {
      if (this.lastProblem !== undefined) this.log.info('readiness: ready again');
      this.lastProblem = undefined;
      return;
    }
    if (problem.message !== this.lastProblem) this.log.warn({ err: problem.err }, `readiness: ${problem.message}`);
    this.lastProblem = problem.message;
    throw unavailable(`Not ready: ${problem.message}`);
  }

  private async firstProblem(): Promise<{ message: string; err?: unknown } | undefined> {
    try {
      await this.repository.ping();
    } catch (err) {
      return { message: 'the database cannot be reached', err };
    }
    let pending: string[];
    try {
      pending = await this.repository.pendingMigrations();
    } catch (err) {
      return { message: 'the migration state cannot be read', err };
    }
    if (pending.length > 0) return { message: `the database is not migrated (pending: ${pending.join(', ')})` };
    try {
      await this.repository.writeProbe(this.now());
    } catch (err) {
      const failure = databaseFailure(err);
      const why = failure === undefined ? 'the write failed' : WRITE_FAILURES[failure];
      return { message: `the database does not accept writes (${why})`, err };
    }
    return undefined;
  }
}
