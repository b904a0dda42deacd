import type { Generated } from 'kysely';

/** Issue 34: a book's id is its founder's user id, the user_id of every row it holds. */
export interface BooksTable {
  id: number;
  owner_id: number;
  created_at: number;
}

export type BookRole = 'editor' | 'viewer';

/** Members besides the owner. */
export interface BookMembersTable {
  book_id: number;
  user_id: number;
  role: BookRole;
  added_at: number;
}

export interface BookInvitesTable {
  id: Generated<number>;
  book_id: number;
  email: string;
  role: BookRole;
  token_hash: string;
  invited_by: number;
  created_at: number;
  expires_at: number;
  accepted_by: number | null;
  accepted_at: number | null;
}

/** Money one member gave another to settle up (migration 0036): no currency total of the book moves. */
export interface SettlementsTable {
  id: Generated<number>;
  user_id: number;
  from_member: number;
  to_member: number;
  /** Minor units of `currency`, positive. */
  amount: number;
  currency: string;
  description: string;
  time: number;
  day: number;
  created_at: number;
  created_by: number | null;
}
