import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../lib/token';
import { fakeToken, stubApi } from '../test/render';
import { REFRESH_BEFORE_MS, refreshDue, useTokenRefresh } from './token-refresh';

describe('token renewal', () => {
  const now = 1_800_000_000_000;
  it('renews in the last ten minutes before expiry only', () => {
    expect(refreshDue(now / 1000 + 11 * 60, now)).toBe(false);
    expect(refreshDue(now / 1000 + 9 * 60, now)).toBe(true);
    expect(refreshDue(now / 1000 + 1, now)).toBe(true);
  });

  it('leaves an expired token alone: that session is over', () => {
    expect(refreshDue(now / 1000, now)).toBe(false);
    expect(refreshDue(now / 1000 - 60, now)).toBe(false);
  });
});

describe('the renewal hook of the private area', () => {
  const MINUTE = 60_000;
  /** A token that expires `minutes` from the (fake) clock's now. */
  const expiringIn = (minutes: number, sub = '1') =>
    fakeToken({ sub, exp: Math.floor((Date.now() + minutes * MINUTE) / 1000) });
  let fresh: string[];
  let calls: ReturnType<typeof stubApi>;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    fresh = [];
    calls = stubApi({
      'GET auth/refresh-token': () => {
        // Each renewal answers a token good for another hour.
        const token = expiringIn(60, `renewed-${fresh.length + 1}`);
        fresh.push(token);
        return { status: 200, body: { token } };
      },
    });
  });
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  const renewals = () => calls.filter((c) => c.key === 'GET auth/refresh-token');

  it('renews a token that enters its last ten minutes while the user stays, with the old token as bearer', async () => {
    const first = expiringIn(30);
    setToken(first);
    const hook = renderHook(() => useTokenRefresh());
    await vi.advanceTimersByTimeAsync(0);
    // 30 minutes left: nothing to do yet, nor a minute later.
    expect(renewals()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(19 * MINUTE);
    expect(renewals()).toHaveLength(0);
    // Inside the last ten minutes, the next minute's check renews it.
    await vi.advanceTimersByTimeAsync(30 * MINUTE - REFRESH_BEFORE_MS - 19 * MINUTE + MINUTE);
    expect(renewals()).toHaveLength(1);
    expect(renewals()[0]?.headers['authorization']).toBe(`Bearer ${first}`);
    expect(getToken()).toBe(fresh[0]);
    // The renewed token lasts an hour: the user working on for an hour and a half never loses
    // the session, and each token is renewed once, before it expires.
    for (let minute = 0; minute < 90; minute++) {
      await vi.advanceTimersByTimeAsync(MINUTE);
      const token = getToken();
      expect(token).not.toBeNull();
      const exp = JSON.parse(atob(token?.split('.')[1] ?? '')) as { exp: number };
      expect(exp.exp * 1000).toBeGreaterThan(Date.now());
    }
    expect(renewals()).toHaveLength(2);
    expect(getToken()).toBe(fresh[1]);
    hook.unmount();
  });

  it('renews at once when the area opens with a token about to expire', async () => {
    setToken(expiringIn(5));
    renderHook(() => useTokenRefresh());
    await vi.advanceTimersByTimeAsync(0);
    expect(renewals()).toHaveLength(1);
    expect(getToken()).toBe(fresh[0]);
  });

  it('stops checking when the private area closes, and never renews an expired token', async () => {
    setToken(expiringIn(30));
    const hook = renderHook(() => useTokenRefresh());
    hook.unmount();
    await vi.advanceTimersByTimeAsync(25 * MINUTE);
    expect(renewals()).toHaveLength(0);

    setToken(expiringIn(-1));
    renderHook(() => useTokenRefresh());
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(renewals()).toHaveLength(0);
  });
});
