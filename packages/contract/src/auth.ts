import { z } from 'zod';

export const roles = ['NORMAL', 'DEMO', 'ADMIN'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;
/**
 * The token's role claim: one role, or a list (spec §6). An administrator's is
 * ['NORMAL', 'ADMIN']: a member with books, plus the admin page.
 */
export const roleClaimSchema = z.union([roleSchema, z.array(roleSchema).min(1)]);
export type RoleClaim = z.infer<typeof roleClaimSchema>;

/** E-mail as typed by a person: trimmed; stored and compared in lower case. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(254)
  .pipe(z.email('is not a valid e-mail address'));

/** POST auth/login */
export const loginRequestSchema = z.object({
  email: emailSchema,
  // Not trimmed: spaces may be part of a password.
  password: z.string().min(1, 'is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginBody = z.input<typeof loginRequestSchema>;

/** POST auth/login, GET auth/refresh-token */
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** GET auth/verify-token: 200 with this body when the token is valid, 401 otherwise. */
export const verifyTokenResponseSchema = z.object({
  valid: z.literal(true),
  role: roleClaimSchema,
  /** ISO instant at which the presented token expires. */
  expiresAt: z.string(),
});
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponseSchema>;

/** Claims the server puts in every JWT; the web reads role and exp. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  role: roleClaimSchema,
  /** Token version: a password change increments the user's and voids older tokens. */
  tv: z.number().int(),
  /** Registration flags (spec §4 guard): e-mail verified, referral ok, registration complete. */
  ev: z.boolean().optional(),
  ro: z.boolean().optional(),
  rc: z.boolean().optional(),
  iat: z.number(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
