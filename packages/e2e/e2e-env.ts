import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where and as whom the journeys run; shared by serve.ts, the config and the tests. */
// E2E_PORT lets several checkouts or sessions run the journeys at once without sharing a server.
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 18765);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(tmpdir(), `kassa-e2e-data-${E2E_PORT}`);
export const E2E_USER = { email: 'journey@example.com', password: 'Journey-pass-1', firstName: 'Jo' };
/** The local SMTP listener the server sends its mail to, and the folder it files them in. */
export const E2E_SMTP_PORT = E2E_PORT + 1;
/** The local SimpleFIN Bridge the bank-connection journey connects to (packages/server/src/test/bank). */
export const E2E_SIMPLEFIN_PORT = E2E_PORT + 2;
export const E2E_SIMPLEFIN_URL = `http://127.0.0.1:${E2E_SIMPLEFIN_PORT}`;
export const E2E_MAILBOX = path.join(E2E_DATA_DIR, 'mailbox');
/** How a mail's file in the mailbox is named for one recipient, after its number: `-{address, file-safe}.eml`. */
export const mailFileSuffix = (address: string) => `-${address.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
