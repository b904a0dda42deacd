import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { HeavyJobs } from './heavy-jobs.js';

// One heavy job per user, `running` at once, `waiting` in line, 429 with Retry-After past that
// (issue 31: four parallel previews of one user stalled everyone for minutes).

/** A job that runs until its `finish` is called. */
function held<T>(value: T) {
  let finish: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    job: async () => {
      started = true;
      await gate;
      return value;
    },
    finish: () => finish(),
    started: () => started,
  };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('HeavyJobs', () => {
  it("refuses a user's second job while the first runs, with 429 and Retry-After", async () => {
    const jobs = new HeavyJobs({ running: 2, waiting: 2, retryAfterSeconds: 7 });
    const first = held('a');
    const running = jobs.run(1, 'this preview', first.job);
    const error = await refusal(jobs.run(1, 'this preview', () => Promise.resolve('b')));
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'retry-after': '7' });
    expect(error.message).toMatch(/^Your earlier import preview or restore is still running/);
    first.finish();
    expect(await running).toBe('a');
    // Once it is done, the user may start another.
    expect(await jobs.run(1, 'this preview', () => Promise.resolve('c'))).toBe('c');
  });

  it('runs a bounded number at once, lets a bounded line wait in order, refuses the rest', async () => {
    const jobs = new HeavyJobs({ running: 1, waiting: 2, retryAfterSeconds: 15 });
    const a = held('a');
    const b = held('b');
    const c = held('c');
    const pa = jobs.run(1, 'x', a.job);
    const pb = jobs.run(2, 'x', b.job);
    const pc = jobs.run(3, 'x', c.job);
    await tick();
    expect([a.started(), b.started(), c.started()]).toEqual([true, false, false]);
    expect(jobs.load).toEqual({ running: 1, waiting: 2 });
    const error = await refusal(jobs.run(4, 'this restore', () => Promise.resolve('d')));
    expect(error.status).toBe(429);
    expect(error.message).toBe(
      "The server is busy with other users' imports and restores; try this restore again in 15 s",
    );
    a.finish();
    expect(await pa).toBe('a');
    await tick();
    expect([b.started(), c.started()]).toEqual([true, false]);
    b.finish();
    c.finish();
    expect([await pb, await pc]).toEqual(['b', 'c']);
    expect(jobs.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the place of a job that fails', async () => {
    const jobs = new HeavyJobs({ running: 1, waiting: 0, retryAfterSeconds: 1 });
    await expect(jobs.run(1, 'x', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(jobs.load).toEqual({ running: 0, waiting: 0 });
    expect(await jobs.run(1, 'x', () => Promise.resolve(1))).toBe(1);
  });
});
