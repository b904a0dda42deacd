// The worker's entry when the server runs from its TypeScript sources (tests, `npm run cli`):
// worker threads do not take `--import tsx`, so the loader is registered here before the tasks load.
import { register } from 'tsx/esm/api';

register();
const { default: task } = await import('./tasks.ts');
export default task;
