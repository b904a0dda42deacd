import { hkdfSync } from 'node:crypto';
import { seal, unseal } from '../../util/sealed-box.js';

// A connection's credentials (SimpleFIN's access URL, Enable Banking's session id) are sealed
// under a key derived from the JWT secret with a label of its own, as the two-factor secrets are:
// a copy of the database alone cannot call anyone's bank.

export const credentialsKey = (jwtSecret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', jwtSecret, 'kassa bank sync', 'bank credentials v1', 32));

const boundTo = (bookId: number, provider: string) => `bank connection book ${bookId} ${provider}`;

export const sealCredentials = (key: Buffer, bookId: number, provider: string, text: string): string =>
  seal(key, boundTo(bookId, provider), text);

export const openCredentials = (key: Buffer, bookId: number, provider: string, stored: string): string | undefined =>
  unseal(key, boundTo(bookId, provider), stored);
