import type { Kysely, Migration } from 'kysely';

// Scheduled jobs run once per tick across every instance on the database: the instance that
// inserts (job, tick) first runs it; the others find the row and skip (jobs/once-per-tick.ts).
export const m0017JobRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_runs')
      .addColumn('job', 'text', (c) => c.notNull())
      .addColumn('tick', 'bigint', (c) => c.notNull())
      .addColumn('instance', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('job_runs_pk', ['job', 'tick'])
      .execute();
  },
};
