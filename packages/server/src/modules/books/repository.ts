import type { Kysely, Selectable } from 'kysely';
import type { BookInvitesTable, BookRole, DB } from '../../db/schema.js';

/** A person with access to a book, as the members list shows them. */
export interface MemberRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  role: BookRole;
}

/** A book the user may open besides their own, with its owner's names. */
export interface SharedBookRow {
  bookId: number;
  role: BookRole;
  ownerFirstName: string;
  ownerLastName: string;
  ownerEmail: string;
  /** The book's main currency: its founder's. */
  mainCurrency: string | null;
}

export interface InviteRow {
  id: number;
  bookId: number;
  email: string;
  role: BookRole;
  invitedBy: number;
  expiresAt: number;
  acceptedAt: number | null;
}

const toInvite = (row: Selectable<BookInvitesTable>): InviteRow => ({
  id: row.id,
  bookId: row.book_id,
  email: row.email,
  role: row.role,
  invitedBy: row.invited_by,
  expiresAt: row.expires_at,
  acceptedAt: row.accepted_at,
});

/** SQL of books, their members and invitations (issue 34). */
export class BooksRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The book, its owner and its main currency; undefined for no such book. The main currency is
   * its founder's (whose id it has): the stored main values are in it, whoever owns it now.
   */
  async find(bookId: number): Promise<{ id: number; ownerId: number; mainCurrency: string | null } | undefined> {
    const row = await this.db
      .selectFrom('books')
      .innerJoin('users', 'users.id', 'books.id')
      .select(['books.id', 'books.owner_id', 'users.main_currency'])
      .where('books.id', '=', bookId)
      .executeTakeFirst();
    return row === undefined ? undefined : { id: row.id, ownerId: row.owner_id, mainCurrency: row.main_currency };
  }

  async roleOf(bookId: number, userId: number): Promise<BookRole | undefined> {
    const row = await this.db
      .selectFrom('book_members')
      .select('role')
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role;
  }

  /** The books the user owns but did not found (handed over to them), by id, with their main currencies. */
  async handedTo(userId: number): Promise<{ bookId: number; mainCurrency: string | null }[]> {
    const rows = await this.db
      .selectFrom('books')
      .innerJoin('users as founder', 'founder.id', 'books.id')
      .select(['books.id', 'founder.main_currency'])
      .where('books.owner_id', '=', userId)
      .where('books.id', '!=', userId)
      .orderBy('books.id')
      .execute();
    return rows.map((r) => ({ bookId: r.id, mainCurrency: r.main_currency }));
  }

  /** Makes a member the owner and the owner an editor, in the caller's transaction; false when `to` is no member. */
  async handOver(bookId: number, from: number, to: number, at: number): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('book_members')
      .where('book_id', '=', bookId)
      .where('user_id', '=', to)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) return false;
    await this.db.updateTable('books').set({ owner_id: to }).where('id', '=', bookId).execute();
    await this.addMember(bookId, from, 'editor', at);
    return true;
  }

  /** The books the user is a member of (not their own), by owner name. */
  async sharedWith(userId: number): Promise<SharedBookRow[]> {
    const rows = await this.db
      .selectFrom('book_members')
      .innerJoin('books', 'books.id', 'book_members.book_id')
      .innerJoin('users', 'users.id', 'books.owner_id')
      .innerJoin('users as founder', 'founder.id', 'books.id')
      .select([
        'book_members.book_id',
        'book_members.role',
        'users.first_name',
        'users.last_name',
        'users.email',
        'founder.main_currency',
      ])
      .where('book_members.user_id', '=', userId)
      .orderBy('users.first_name')
      .orderBy('book_members.book_id')
      .execute();
    return rows.map((r) => ({
      bookId: r.book_id,
      role: r.role,
      ownerFirstName: r.first_name,
      ownerLastName: r.last_name,
      ownerEmail: r.email,
      mainCurrency: r.main_currency,
    }));
  }

  /** The members besides the owner, by name. */
  async members(bookId: number): Promise<MemberRow[]> {
    const rows = await this.db
      .selectFrom('book_members')
      .innerJoin('users', 'users.id', 'book_members.user_id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'book_members.role'])
      .where('book_members.book_id', '=', bookId)
      .orderBy('users.first_name')
      .orderBy('users.id')
      .execute();
    return rows.map((r) => ({
      userId: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      role: r.role,
    }));
  }

  async addMember(bookId: number, userId: number, role: BookRole, at: number): Promise<void> {
    await this.db.insertInto('book_members').values({ book_id: bookId, user_id: userId, role, added_at: at }).execute();
  }

  /** Answers whether the user was a member. */
  async setRole(bookId: number, userId: number, role: BookRole): Promise<boolean> {
    const result = await this.db
      .updateTable('book_members')
      .set({ role })
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Removes the member and the API tokens they made in the book; answers whether they were one. */
  async removeMember(bookId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('book_members')
      .where('book_id', '=', bookId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await this.db.deleteFrom('api_tokens').where('user_id', '=', userId).where('book_id', '=', bookId).execute();
    return result.numDeletedRows > 0n;
  }

  async insertInvite(invite: {
    bookId: number;
    email: string;
    role: BookRole;
    tokenHash: string;
    invitedBy: number;
    createdAt: number;
    expiresAt: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('book_invites')
      .values({
        book_id: invite.bookId,
        email: invite.email,
        role: invite.role,
        token_hash: invite.tokenHash,
        invited_by: invite.invitedBy,
        created_at: invite.createdAt,
        expires_at: invite.expiresAt,
        accepted_by: null,
        accepted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Withdraws the book's invitation while it is open; false when there is none such. */
  async withdrawInvite(bookId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('book_invites')
      .where('book_id', '=', bookId)
      .where('id', '=', id)
      .where('accepted_by', 'is', null)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async deleteInvite(id: number): Promise<void> {
    await this.db.deleteFrom('book_invites').where('id', '=', id).execute();
  }

  async inviteByHash(tokenHash: string): Promise<InviteRow | undefined> {
    const row = await this.db
      .selectFrom('book_invites')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row === undefined ? undefined : toInvite(row);
  }

  /** Marks the invitation used, unless it already was; answers whether this call did. */
  async acceptInvite(id: number, userId: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('book_invites')
      .set({ accepted_by: userId, accepted_at: at })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Invitations of the book not accepted and not expired, newest first. */
  async openInvites(bookId: number, now: number): Promise<InviteRow[]> {
    const rows = await this.db
      .selectFrom('book_invites')
      .selectAll()
      .where('book_id', '=', bookId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toInvite);
  }
}
