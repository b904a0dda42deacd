/**
 * The service worker's cache of API answers (network first, for the last data offline;
 * docs/DECISIONS.md, Installable app). The build's service worker writes it (vite.config.ts); the
 * session deletes it when one starts or ends, so nobody who signs in next on this device can read it.
 */
export const API_CACHE = 'kassa-api';

/** Deletes the cached API answers; nothing to do where the browser has no Cache Storage. */
export async function clearApiCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE);
  } catch (err) {
    console.error(err); // a cache the browser refuses to open (private mode) holds nothing either
  }
}
