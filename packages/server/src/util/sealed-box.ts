import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// A secret kept in the database, sealed with AES-256-GCM under a key that lives outside it:
// "v1.<iv>.<ciphertext>.<tag>", base64url parts. The additional data binds it to its row (a user,
// a connection), so a sealed value copied into another row does not open there.

const VERSION = 'v1';
const IV_BYTES = 12;

export function seal(key: Buffer, boundTo: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The text of a sealed value; undefined when it does not open (another key, another row, a changed byte). */
export function unseal(key: Buffer, boundTo: string, stored: string): string | undefined {
  const [version, iv, ciphertext, tag, ...rest] = stored.split('.');
  if (version !== VERSION || iv === undefined || ciphertext === undefined || tag === undefined || rest.length > 0)
    return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
