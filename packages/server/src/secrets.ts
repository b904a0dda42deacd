import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'jwt-secret';

/**
 * The JWT signing secret: the configured one, else the one kept in the data folder, else a
 * new random one written there (mode 0600) so tokens survive restarts.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
