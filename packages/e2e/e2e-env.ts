import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where and as whom the journeys run; shared by serve.ts, the config and the tests. */
export const E2E_PORT = 18765;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(tmpdir(), 'kassa-e2e-data');
export const E2E_USER = { email: 'journey@example.com', password: 'Journey-pass-1', firstName: 'Jo' };
