import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_MS, VISIBLE_CHECK_GAP_MS, watchForUpdates } from './update-checks';

function fakeRegistration() {
  return { installing: null as ServiceWorker | null, update: vi.fn(() => Promise.resolve(undefined)) };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('update checks', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('ask the server every hour', () => {
    const registration = fakeRegistration();
    stop = watchForUpdates(registration);
    vi.advanceTimersByTime(UPDATE_CHECK_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(registration.update).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('ask when the page comes back into view, at most once a minute', () => {
    const registration = fakeRegistration();
    stop = watchForUpdates(registration);
    setVisibility('hidden');
    setVisibility('visible');
    expect(registration.update).not.toHaveBeenCalled(); // just registered: the browser asked
    vi.advanceTimersByTime(VISIBLE_CHECK_GAP_MS);
    setVisibility('visible');
    expect(registration.update).toHaveBeenCalledOnce();
    setVisibility('visible');
    expect(registration.update).toHaveBeenCalledOnce();
  });

  it('ask nothing offline or while a worker is installing, and nothing once stopped', () => {
    const registration = fakeRegistration();
    stop = watchForUpdates(registration);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(registration.update).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    registration.installing = {} as ServiceWorker;
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    expect(registration.update).not.toHaveBeenCalled();
    registration.installing = null;
    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_MS);
    setVisibility('visible');
    expect(registration.update).not.toHaveBeenCalled();
  });
});
