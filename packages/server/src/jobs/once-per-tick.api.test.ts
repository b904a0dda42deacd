import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { createTestTarget, testDialects } from '../test/databases.js';
import { JobRunsRepository } from './job-runs-repository.js';
import { oncePerTick, tickOf } from './once-per-tick.js';

const silent = { warn: () => undefined };

for (const dialect of testDialects) {
  describe(`scheduled jobs run once per tick across instances [${dialect}]`, () => {
    let drop: () => Promise<void>;
    const handles: Database[] = [];
    beforeAll(async () => {
      const created = await createTestTarget(dialect);
      drop = created.drop;
      // Two instances: two handles (two pools on PostgreSQL) on one database.
      handles.push(openDatabase(created.target), openDatabase(created.target));
    });
    afterAll(async () => {
      for (const h of handles) await h.close();
      await drop();
    });

    it('of eight instances racing for a tick, exactly one claims it; the next tick is claimed again', async () => {
      const [first, second] = handles.map((h) => new JobRunsRepository(h.db)) as [JobRunsRepository, JobRunsRepository];
      const race = (tick: number) =>
        Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            (i % 2 === 0 ? first : second).claim('race', tick, `instance-${i}`, 1000),
          ),
        );
      expect((await race(7)).filter(Boolean)).toHaveLength(1);
      expect((await race(7)).filter(Boolean)).toHaveLength(0);
      expect((await race(8)).filter(Boolean)).toHaveLength(1);
      expect((await first.runs('race')).map((r) => r.tick)).toEqual([7, 8]);
    });

    it('runs the job on the instance that claims the tick, and nowhere else within it', async () => {
      const interval = 60_000;
      let now = 10 * interval + 5;
      let runs = 0;
      const jobs = handles.map((h) =>
        oncePerTick(
          h.db,
          'count',
          interval,
          () => Promise.resolve(runs++),
          silent,
          () => now,
        ),
      );
      const tick = async () => (await Promise.all(jobs.map((j) => j()))).filter(Boolean).length;
      expect(await tick()).toBe(1);
      now += interval - 10; // still the same tick
      expect(await tick()).toBe(0);
      now += 10; // the next one
      expect(await tick()).toBe(1);
      expect(runs).toBe(2);
      expect(tickOf(now, interval)).toBe(11);
    });

    it('keeps only the latest hundred ticks of a job', async () => {
      const repo = new JobRunsRepository(handles[0]?.db ?? (undefined as never));
      for (let tick = 0; tick <= 150; tick += 10) await repo.claim('kept', tick, 'one', 0);
      expect((await repo.runs('kept')).map((r) => r.tick)).toEqual([50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150]);
    });
  });
}
