import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { seal, unseal } from '../../util/sealed-box.js';

/**
 * Keys of two-factor sign-in, each derived from the server's JWT secret with HKDF-SHA-256 under
 * its own label, so none can stand in for another or for the JWT key itself. The secret lives
 * outside the database (DATA_DIR/jwt-secret or JWT_SECRET): a copy of the database alone holds
 * neither a readable TOTP secret nor a recovery-code hash that can be tested offline.
 */
export interface TwoFactorKeys {
  /** AES-256-GCM key of the stored TOTP secrets. */
  secret: Buffer;
  /** HMAC-SHA-256 key of the stored recovery codes. */
  recovery: Buffer;
  /** HS256 key of the login tickets (tickets.ts). */
  ticket: Uint8Array;
}

const SALT = 'kassa two-factor';
const derive = (jwtSecret: string, label: string) => Buffer.from(hkdfSync('sha256', jwtSecret, SALT, label, 32));

/** The three keys, derived once at start-up. */
export function twoFactorKeys(jwtSecret: string): TwoFactorKeys {
  return {
    secret: derive(jwtSecret, 'totp secret v1'),
    recovery: derive(jwtSecret, 'recovery code v1'),
    ticket: new Uint8Array(derive(jwtSecret, 'login ticket v1')),
  };
}

// Bound to the owner: a ciphertext copied into another user's row does not decrypt there.
const boundTo = (userId: number) => `two-factor user ${userId}`;

/** The TOTP secret (base32) encrypted for storage (util/sealed-box.ts). */
export function encryptSecret(key: Buffer, userId: number, base32: string): string {
  return seal(key, boundTo(userId), base32);
}

/**
 * The base32 secret of a stored value; undefined when it does not decrypt (another key, another
 * user's row, a changed byte), which callers treat as "no code matches", never as a pass.
 */
export function decryptSecret(key: Buffer, userId: number, stored: string): string | undefined {
  return unseal(key, boundTo(userId), stored);
}

// 32 symbols without 0/O and 1/I: 5 bits a character, and a byte modulo 32 is unbiased.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_LENGTH = 10;
const RECOVERY_PATTERN = new RegExp(`^[${ALPHABET}]{${RECOVERY_LENGTH}}$`);

/** A new recovery code, "ABCDE-FGH23": ten characters, 50 random bits. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(RECOVERY_LENGTH)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A typed recovery code as stored: upper case, without dashes and spaces; undefined when it cannot be one. */
export function normaliseRecoveryCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return RECOVERY_PATTERN.test(code) ? code : undefined;
}

/**
 * The stored form of a (normalised) recovery code: HMAC-SHA-256 under the recovery key. The
 * codes are random, so a fast keyed hash is enough (argon2 protects low-entropy passwords), and
 * the key keeps a stolen database from testing guesses offline.
 */
export function hashRecoveryCode(key: Buffer, normalised: string): string {
  return createHmac('sha256', key).update(normalised).digest('base64url');
}
