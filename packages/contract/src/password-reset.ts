import { z } from 'zod';
import { emailSchema } from './auth.js';
import { newPasswordSchema } from './account.js';

// Forgotten password (docs/DECISIONS.md, "Forgotten password"): auth/forgot-password mails a
// single-use link valid 30 minutes, auth/reset-password sets a new password with its token.

/** How long a mailed reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** POST auth/forgot-password: the address to mail a reset link to. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export type ForgotPasswordBody = z.input<typeof forgotPasswordRequestSchema>;

/**
 * POST auth/forgot-password answers this whether or not the address belongs to an account, so the
 * answer tells nobody which addresses have one.
 */
export const forgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/** POST auth/reset-password: the token of the mailed link and the new password twice (the sign-up's rules). */
export const resetPasswordRequestSchema = z
  .object({
    token: z.string().trim().min(1, 'is required').max(200),
    password: newPasswordSchema,
    password2: z.string(),
  })
  .refine((s) => s.password === s.password2, { message: 'must match password', path: ['password2'] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordRequestSchema>;
