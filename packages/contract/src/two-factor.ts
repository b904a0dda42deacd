import { z } from 'zod';
import { tokenResponseSchema } from './auth.js';

// Two-factor sign-in with TOTP (docs/DECISIONS.md, Two-factor sign-in): enrolment and the code
// checks under account/two-factor/*, the second login step at auth/login-code.

/** How many recovery codes a confirmation or a regeneration answers. */
export const RECOVERY_CODE_COUNT = 10;

/** Spaces people type or paste inside a code ("123 456", "ABCDE FGHJK"). */
const withoutSpaces = (s: string) => s.replace(/\s+/g, '');

/** A code of the authenticator app: six digits. */
const totpCode = z
  .string()
  .overwrite(withoutSpaces)
  .regex(/^\d{6}$/, 'must be the 6-digit code of your authenticator app');

/** A code of the authenticator app or a recovery code; the server tells them apart. */
const anyCode = z.string().overwrite(withoutSpaces).min(1, 'is required').max(64, 'must be at most 64 characters');

/** GET account/two-factor: whether two-factor sign-in is on, and how many recovery codes are unused. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** ISO instant it was turned on; null while off. */
  enabledAt: z.string().nullable(),
  /** Unused recovery codes; 0 while off. */
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST account/two-factor/setup: a new secret, not yet in force, for the authenticator app. */
export const twoFactorSetupResponseSchema = z.object({
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/… URI holding the secret, the account and the issuer. */
  uri: z.string(),
  /** The URI as a QR code: a data: URL of an SVG image. */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** POST account/two-factor/confirm: a current code of the new secret turns two-factor sign-in on. */
export const twoFactorConfirmRequestSchema = z.object({ code: totpCode });
export type TwoFactorConfirmRequest = z.infer<typeof twoFactorConfirmRequestSchema>;
export type TwoFactorConfirmBody = z.input<typeof twoFactorConfirmRequestSchema>;

/**
 * POST account/two-factor/disable and POST account/two-factor/recovery-codes: the password and a
 * current code of the app, or an unused recovery code.
 */
export const twoFactorCheckRequestSchema = z.object({
  // Not trimmed: spaces may be part of a password.
  password: z.string().min(1, 'is required').max(1024),
  code: anyCode,
});
export type TwoFactorCheckRequest = z.infer<typeof twoFactorCheckRequestSchema>;
export type TwoFactorCheckBody = z.input<typeof twoFactorCheckRequestSchema>;

/** POST account/two-factor/confirm and …/recovery-codes: single-use codes, shown once, never again. */
export const recoveryCodesResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/**
 * POST auth/login of a user with two-factor sign-in on: the password was right, and this ticket
 * (valid a few minutes, good for nothing but auth/login-code) stands in for the session.
 */
export const loginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  ticket: z.string(),
  /** ISO instant the ticket expires. */
  expiresAt: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** POST auth/login: the session's token, or the ticket of the code step. */
export const loginResponseSchema = z.union([tokenResponseSchema, loginChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST auth/login-code: the login's ticket and a code of the app or a recovery code; answers `{token}` as login does. */
export const loginCodeRequestSchema = z.object({
  ticket: z.string().min(1, 'is required').max(4096),
  code: anyCode,
});
export type LoginCodeRequest = z.infer<typeof loginCodeRequestSchema>;
export type LoginCodeBody = z.input<typeof loginCodeRequestSchema>;
