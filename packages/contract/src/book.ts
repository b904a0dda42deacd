import { z } from 'zod';
import { emailSchema } from './auth.js';

// Shared books (issue 34): a user's books shared with others by e-mail invitation, each member
// with a role. Every other route works on the book the `Kassa-Book` header names (absent: the
// user's own).

/** How long an invitation link works. */
export const BOOK_INVITE_DAYS = 7;

/** What a member may do: `viewer` reads, analyses and exports; `editor` also writes. */
export const bookRoleSchema = z.enum(['editor', 'viewer']);
export type BookRole = z.infer<typeof bookRoleSchema>;

/** A member's standing in a book: its owner, or a member's role. */
export const bookStandingSchema = z.enum(['owner', 'editor', 'viewer']);
export type BookStanding = z.infer<typeof bookStandingSchema>;

/** POST book/invite */
export const bookInviteRequestSchema = z.object({ email: emailSchema, role: bookRoleSchema });
export type BookInviteRequest = z.infer<typeof bookInviteRequestSchema>;

/** An invitation not yet accepted (POST book/invite's answer, and GET book/members'). */
export const bookInviteSchema = z.object({
  id: z.number().int(),
  /** Lower-cased. */
  email: z.string(),
  role: bookRoleSchema,
  /** ISO instant after which the link no longer works. */
  expiresAt: z.string(),
});
export type BookInvite = z.infer<typeof bookInviteSchema>;

/** GET book/getall: every book the user may open, their own first. */
export const bookSummarySchema = z.object({
  bookId: z.number().int(),
  ownerName: z.string(),
  role: bookStandingSchema,
  isOwn: z.boolean(),
  /** The book's main currency (its founder's): what its figures are reported in; null before registration ends. */
  mainCurrency: z.string().nullable(),
});
export type BookSummary = z.infer<typeof bookSummarySchema>;
export const bookListSchema = z.array(bookSummarySchema);

/** One person with access to the book. */
export const bookMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: bookStandingSchema,
});
export type BookMember = z.infer<typeof bookMemberSchema>;

/** GET book/members: the owner first, then the members by name; the open invitations (the owner's view). */
export const bookMembersSchema = z.object({
  bookId: z.number().int(),
  members: z.array(bookMemberSchema),
  invites: z.array(bookInviteSchema),
});
export type BookMembers = z.infer<typeof bookMembersSchema>;

/** POST book/handover: the member who becomes the book's owner (the owner becomes an editor). */
export const bookHandoverSchema = z.object({ userId: z.number().int().positive() });
export type BookHandover = z.infer<typeof bookHandoverSchema>;

/** POST book/member/update */
export const bookMemberUpdateSchema = z.object({ userId: z.number().int().positive(), role: bookRoleSchema });
export type BookMemberUpdate = z.infer<typeof bookMemberUpdateSchema>;
