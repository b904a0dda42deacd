import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Algorithm is an ambient const enum that verbatimModuleSyntax cannot import; 2 is Argon2id.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- the enum cannot be imported as a value
const ARGON2ID = 2 as Algorithm;

// argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane).
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id; the result embeds its salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Whether the password matches the hash; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
