/** How often an open page asks the server whether a new service worker is deployed. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** A page that comes back into view asks again, at most this often. */
export const VISIBLE_CHECK_GAP_MS = 60 * 1000;

/** What the checks need of a service worker registration. */
export interface Updatable {
  installing: ServiceWorker | null;
  update(): Promise<unknown>;
}

/**
 * Asks for a new service worker every hour and when the page comes back into view (a phone's
 * app left open for days); the browser by itself checks only on navigations, which a single-page
 * app rarely makes. Offline, or while one is already installing, nothing is asked. Returns the stop.
 */
export function watchForUpdates(registration: Updatable, now: () => number = Date.now): () => void {
  let last = now();
  const check = () => {
    if (!navigator.onLine || registration.installing !== null) return;
    last = now();
    registration.update().catch((err: unknown) => console.warn('service worker update check failed', err));
  };
  const timer = window.setInterval(check, UPDATE_CHECK_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible' && now() - last >= VISIBLE_CHECK_GAP_MS) check();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
