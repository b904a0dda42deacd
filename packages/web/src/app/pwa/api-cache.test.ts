import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CACHE, clearApiCache } from '../../lib/api-cache';
import { getToken } from '../../lib/token';
import { bindSession, endSession, logOut, startSession } from '../../shared/session';
import { fakeToken } from '../../test/render';

describe("the service worker's cached API answers", () => {
  const deleted: string[] = [];
  beforeEach(() => {
    deleted.length = 0;
    // No router here: the session's navigations go nowhere (not window.location, shared by the worker's files).
    bindSession(() => Promise.resolve(), new QueryClient());
    vi.stubGlobal('caches', { delete: (name: string) => Promise.resolve(deleted.push(name) > 0) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('go when someone logs out, and when a session ends otherwise (expired, password changed)', () => {
    startSession(fakeToken(), 'Logged in');
    deleted.length = 0;
    logOut();
    expect(getToken()).toBeNull();
    expect(deleted).toEqual([API_CACHE]);
    startSession(fakeToken(), 'Logged in');
    deleted.length = 0;
    endSession('/public/login');
    expect(deleted).toEqual([API_CACHE]);
  });

  it('go when a session starts, so answers kept for whoever used the browser before go too', () => {
    startSession(fakeToken({ sub: '2' }), 'Logged in');
    expect(deleted).toEqual([API_CACHE]);
  });

  it('are nothing to clear where the browser has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearApiCache()).resolves.toBeUndefined();
  });
});
