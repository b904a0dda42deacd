import { UpdatePrompt } from './UpdatePrompt';
import { useServiceWorker } from './use-service-worker';

/** The service worker's registration and its update prompt; loaded by InstallableApp after the first page. */
export function PwaUpdates() {
  return <UpdatePrompt {...useServiceWorker()} />;
}
