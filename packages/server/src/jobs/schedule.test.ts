import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedule } from './schedule.js';

describe('schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs after the first delay, then every interval, and stops', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const job = schedule(() => Promise.resolve(runs++), 1000, 50);
    await vi.advanceTimersByTimeAsync(49);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(3);
    job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });
});
