import { lazy, Suspense, useEffect, useState } from 'react';

// The registration code, workbox-window and the prompt load after the first page: none of it is
// in a first load (the bundle budget), and the worker's precache downloads once the page is up.
const PwaUpdates = lazy(async () => ({ default: (await import('./PwaUpdates')).PwaUpdates }));

/** Whether this page may register the service worker: a production build in a browser that has them. */
const installable = () => import.meta.env.PROD && 'serviceWorker' in navigator;

/** Calls `start` once the page has loaded and the browser has a moment to spare; returns the cancel. */
function afterFirstPage(start: () => void): () => void {
  let cancel: (() => void) | undefined;
  const whenIdle = () => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(start, 1000);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancel?.();
  };
}

/**
 * The installable app (docs/DECISIONS.md, Installable app): registers the service worker and shows
 * the update prompt, after the first page. Nothing in the dev server and the tests, which have no
 * service worker build.
 */
export function InstallableApp() {
  const [ready, setReady] = useState(false);
  useEffect(() => (installable() ? afterFirstPage(() => setReady(true)) : undefined), []);
  return ready ? (
    <Suspense fallback={null}>
      <PwaUpdates />
    </Suspense>
  ) : null;
}
