import { z } from 'zod';
import { emailSchema, roleSchema } from './auth.js';

// The admin page (issue 22, docs/DECISIONS.md "Admission and the admin page"): users, the
// waitlist, invitations by e-mail, approvals and disabling. Every route answers 403 to anyone
// but an administrator (role ADMIN).

/** GET admin/users: one user of the install. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The stored role: NORMAL, DEMO or ADMIN. */
  role: roleSchema,
  /** Registration flags (spec §4): how far sign-up got. */
  emailVerified: z.boolean(),
  referralOk: z.boolean(),
  regComplete: z.boolean(),
  /** On the waitlist and not admitted yet. */
  waiting: z.boolean(),
  /** ISO instants. */
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** When an admin disabled the user; null while the user may sign in. */
  disabledAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

/** GET admin/waitlist: one person who asked to be let in. */
export const adminWaitlistEntrySchema = z.object({
  /** The waiting user's id: what admin/approve/{id} takes. */
  userId: z.number().int(),
  email: z.string(),
  createdAt: z.string(),
  /** When an admin last mailed them a code; null while nobody has. */
  approvedAt: z.string().nullable(),
  /** They entered a code (or were let in otherwise): nothing left to do. */
  admitted: z.boolean(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;
export const adminWaitlistSchema = z.array(adminWaitlistEntrySchema);

/** POST admin/invite */
export const adminInviteRequestSchema = z.object({ email: emailSchema });
export type AdminInviteRequest = z.infer<typeof adminInviteRequestSchema>;
export type AdminInviteBody = z.input<typeof adminInviteRequestSchema>;

/** POST admin/invite (201): the address (lower-cased) and the single-use code the mail carries. */
export const adminInviteResponseSchema = z.object({ email: z.string(), code: z.string() });
export type AdminInviteResponse = z.infer<typeof adminInviteResponseSchema>;
