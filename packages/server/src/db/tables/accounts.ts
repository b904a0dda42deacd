import type { DateFormat, Language, NumberFormat } from '@kassa/contract';
import type { Generated } from 'kysely';

// Accounts: users, sign-in, sessions, two-factor, tokens, invitations.

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased at write time; the unique index makes e-mail unique case-insensitively. */
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  main_currency: string | null;
  role: Generated<'NORMAL' | 'DEMO' | 'ADMIN'>;
  email_verified: Generated<number>;
  referral_ok: Generated<number>;
  reg_complete: Generated<number>;
  /** Incremented when the password changes; tokens carry it and older ones stop working. */
  token_version: Generated<number>;
  created_at: number;
  last_login_at: number | null;
  /** When an admin disabled the user (migration 0027); null while they may sign in. */
  disabled_at: number | null;
  /** A demo visitor's (migration 0030): when the demo cleanup deletes them; null for every other user. */
  demo_expires_at: number | null;
  /** Display preferences (migration 0038): null until the person chose a language. */
  language: Language | null;
  number_format: Generated<NumberFormat>;
  date_format: Generated<DateFormat>;
}

export interface EmailCodesTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface ReferralCodesTable {
  code: string;
  /** Null for codes invited from the CLI. */
  created_by: number | null;
  used_by: number | null;
  invited_email: string | null;
  created_at: number;
  used_at: number | null;
}

export interface WaitlistTable {
  user_id: number;
  email: string;
  created_at: number;
  /** When an admin last mailed the address a referral code (migration 0027). */
  approved_at: number | null;
}

/** Two-factor sign-in of a user (migration 0016); absent when never started or turned off. */
export interface TwoFactorTable {
  user_id: number;
  /** The TOTP secret, AES-256-GCM encrypted (two-factor/crypto.ts): "v1.<iv>.<ciphertext>.<tag>". */
  secret: string;
  /** Null while the enrolment waits for its confirming code. */
  enabled_at: number | null;
  /** The last 30 s time step a code was accepted for; codes of it and earlier steps are refused. */
  last_step: number | null;
  created_at: number;
}

/** Single-use recovery codes, as keyed hashes (HMAC-SHA-256, two-factor/crypto.ts). */
export interface TwoFactorRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** A personal API token (migration 0018): only its SHA-256 is kept; revoking deletes the row. */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  scope: 'read' | 'read-write';
  /** Hex SHA-256 of the whole token ("kassa_…"); unique. */
  token_hash: string;
  /** The token's first characters, for the list. */
  prefix: string;
  created_at: number;
  /** Null: never expires. */
  expires_at: number | null;
  /** Written at most once a minute per token. */
  last_used_at: number | null;
  /** The book it was made in, the only one it opens (issue 34); null: its user's own. */
  book_id: number | null;
}

/** A signed-in session (migration 0019): one sign-in on one device; session JWTs carry its id. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** "Chrome on Linux", from the User-Agent at sign-in. */
  device: string;
  /** The client address last seen. */
  ip: string;
  created_at: number;
  /** Written at most once a minute per session. */
  last_seen_at: number;
}

/** One entry of a user's security log (migration 0019); kinds are the contract's securityEventKinds. */
export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  at: number;
  ip: string | null;
  device: string | null;
  detail: string | null;
}

/** A mailed password-reset link (migration 0021): only the token's hash is kept. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the link's token; unique. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** When it was used, or voided by another link's reset; null while it still works. */
  used_at: number | null;
}
