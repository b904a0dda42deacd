/// <reference types="vite-plugin-pwa/react" />
import { useRegisterSW } from 'virtual:pwa-register/react';
import type { UpdateState } from './UpdatePrompt';
import { watchForUpdates } from './update-checks';

/**
 * Registers the build's service worker (sw.js, vite-plugin-pwa) and tells when a new version's
 * worker waits. The only importer of the plugin's virtual module, which exists only in a build:
 * PwaUpdates.tsx loads this after the first page, in production builds only.
 */
export function useServiceWorker(): UpdateState {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration !== undefined) watchForUpdates(registration);
    },
    onRegisterError: (err: unknown) => console.error('service worker registration failed', err),
  });
  return {
    needRefresh,
    reload: () => void updateServiceWorker(true),
    dismiss: () => setNeedRefresh(false),
  };
}
