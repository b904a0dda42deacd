import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './login-limiter.js';

describe('AttemptLimiter', () => {
  it('blocks a key at the limit until its window ends, and forgets on reset', () => {
    let now = 1_000_000;
    const limiter = new AttemptLimiter(2, 60_000, () => now);
    expect(limiter.retryAfterSeconds('k')).toBe(0);
    limiter.hit('k');
    expect(limiter.retryAfterSeconds('k')).toBe(0);
    limiter.hit('k');
    expect(limiter.retryAfterSeconds('k')).toBe(60);
    expect(limiter.retryAfterSeconds('other')).toBe(0);
    now += 59_500;
    expect(limiter.retryAfterSeconds('k')).toBe(1);
    now += 500;
    expect(limiter.retryAfterSeconds('k')).toBe(0);
    limiter.hit('k');
    limiter.hit('k');
    limiter.reset('k');
    expect(limiter.retryAfterSeconds('k')).toBe(0);
  });
});
