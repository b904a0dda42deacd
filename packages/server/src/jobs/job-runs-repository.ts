import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** Ticks of a job kept after it ran: enough to see recent runs, never a growing table. */
const KEPT_TICKS = 100;

/** SQL of job_runs: which instance claimed which tick of a scheduled job. */
export class JobRunsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Claims the tick for this instance; false when another instance (or an earlier run of this
   * one) already did. The primary key (job, tick) decides, on SQLite and PostgreSQL alike.
   */
  async claim(job: string, tick: number, instance: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('job_runs')
      .values({ job, tick, instance, started_at: now })
      .onConflict((oc) => oc.columns(['job', 'tick']).doNothing())
      .executeTakeFirst();
    if (result.numInsertedOrUpdatedRows !== 1n) return false;
    await this.db
      .deleteFrom('job_runs')
      .where('job', '=', job)
      .where('tick', '<', tick - KEPT_TICKS)
      .execute();
    return true;
  }

  /** The recorded runs of a job, oldest tick first. */
  async runs(job: string): Promise<{ tick: number; instance: string }[]> {
    return this.db.selectFrom('job_runs').select(['tick', 'instance']).where('job', '=', job).orderBy('tick').execute();
  }
}
