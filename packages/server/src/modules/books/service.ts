import { createHash, randomBytes } from 'node:crypto';
import {
  BOOK_INVITE_DAYS,
  type BookHandover,
  type BookInvite,
  type BookInviteRequest,
  type Language,
  type BookMember,
  type BookMembers,
  type BookMemberUpdate,
  type BookSummary,
} from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { AccountsRepository } from '../account/repository.js';
import { newReferralCode } from '../account/service.js';
import type { Book } from '../auth/guard.js';
import type { ClientInfo, SecurityLog } from '../auth/service.js';
import type { Mailer } from '../mail/mailer.js';
import { mailOf, mailTexts } from '../mail/texts/index.js';
import { displayName, UsersRepository, type User } from '../users/repository.js';
import { BooksRepository, type InviteRow } from './repository.js';

const DAY_MS = 86_400_000;
/** 256 random bits: a plain SHA-256 of it is a safe way to keep it. */
const TOKEN_BYTES = 32;
const INVALID_INVITE = 'This invitation link is not valid: it was used, withdrawn or has expired';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const toInvite = (row: InviteRow): BookInvite => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: new Date(row.expiresAt).toISOString(),
});

/**
 * Shared books (issue 34): invitations by mail, accepting them, the members and their roles,
 * leaving. Only a book's owner manages its members; membership changes go to the security log
 * of everyone they concern.
 */
export class BooksService {
  private readonly books: BooksRepository;
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'mail'>,
    private readonly log: SecurityLog,
    private readonly now: () => number = Date.now,
  ) {
    this.books = new BooksRepository(db);
    this.users = new UsersRepository(db);
  }

  /** Mails a single-use link to the address; the answer is the open invitation. */
  async invite(book: Book, inviter: User, input: BookInviteRequest, client: ClientInfo): Promise<BookInvite> {
    ownerOnly(book, 'invite people');
    const email = input.email.toLowerCase();
    if (email === inviter.email) throw badRequest('email: is your own address: the book is already yours');
    const invited = await this.users.findByEmail(email);
    if (invited !== undefined && (await this.books.roleOf(book.id, invited.id)) !== undefined)
      throw conflict(`${email} is already a member of this book`);
    const at = this.now();
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const expiresAt = at + BOOK_INVITE_DAYS * DAY_MS;
    const id = await this.books.insertInvite({
      bookId: book.id,
      email,
      role: input.role,
      tokenHash: hashOf(token),
      invitedBy: inviter.id,
      createdAt: at,
      expiresAt,
    });
    // Someone new signs up with the invited address: a referral code for it admits them even
    // while registration asks for one (as the admin's invitations do).
    const code = invited === undefined ? newReferralCode() : undefined;
    if (code !== undefined) await new AccountsRepository(this.db).addReferralCode(code, inviter.id, at, email);
    try {
      // In the invitee's language when they have an account, else in the inviter's (issue 36).
      const language = (invited ?? inviter).preferences.language;
      await this.mailer.send(this.inviteMail({ inviter, email, role: input.role, token, code, language }));
    } catch (err) {
      await this.books.deleteInvite(id);
      if (code !== undefined) await new AccountsRepository(this.db).deleteUnusedReferralCode(code);
      throw err;
    }
    await this.log.record(inviter.id, 'book-invited', { client, detail: `${email} as ${input.role}` });
    return { id, email, role: input.role, expiresAt: new Date(expiresAt).toISOString() };
  }

  private inviteMail(p: {
    inviter: User;
    email: string;
    role: 'editor' | 'viewer';
    token: string;
    code: string | undefined;
    language: Language | null;
  }) {
    const { publicUrl } = this.config.mail;
    const words = mailTexts(p.language).bookInvite({
      inviter: displayName(p.inviter.firstName, p.inviter.lastName, p.inviter.email),
      role: p.role,
      acceptLink: `${publicUrl}/private/book/accept/${p.token}`,
      days: BOOK_INVITE_DAYS,
      ...(p.code === undefined
        ? {}
        : {
            newcomer: { signupLink: `${publicUrl}/public/signup?email=${encodeURIComponent(p.email)}`, code: p.code },
          }),
    });
    return mailOf(p.email, words);
  }

  /** Accepts an invitation for the signed-in user, whose address it must be for. */
  async accept(user: User, token: string, client: ClientInfo): Promise<BookSummary> {
    const invite = await this.books.inviteByHash(hashOf(token));
    const at = this.now();
    if (invite === undefined || invite.acceptedAt !== null || invite.expiresAt <= at) throw notFound(INVALID_INVITE);
    if (invite.email !== user.email)
      throw forbidden(`This invitation is for ${invite.email}: sign in with that address to accept it`);
    const book = await this.books.find(invite.bookId);
    if (book === undefined) throw notFound(INVALID_INVITE);
    if (book.ownerId === user.id) throw conflict('This book is yours already');
    if ((await this.books.roleOf(book.id, user.id)) !== undefined)
      throw conflict('You are a member of this book already');
    await this.db.transaction().execute(async (trx) => {
      const books = new BooksRepository(trx);
      // Single use, also when two tabs accept at once: only one marks it.
      if (!(await books.acceptInvite(invite.id, user.id, at))) throw notFound(INVALID_INVITE);
      await books.addMember(book.id, user.id, invite.role, at);
    });
    const owner = await this.users.findById(book.ownerId);
    const ownerName = owner === undefined ? '' : displayName(owner.firstName, owner.lastName, owner.email);
    await this.log.record(user.id, 'book-joined', { client, detail: `${ownerName}'s book as ${invite.role}` });
    await this.log.record(book.ownerId, 'book-joined', { detail: `${user.email} joined your book as ${invite.role}` });
    return { bookId: book.id, ownerName, role: invite.role, isOwn: false, mainCurrency: book.mainCurrency };
  }

  /**
   * GET book/getall: the user's own book first (the one they founded, which the absent header
   * opens, with their standing in it: a member's once they handed it over), then the books handed
   * over to them, then those shared with them.
   */
  async list(user: User): Promise<BookSummary[]> {
    const me = displayName(user.firstName, user.lastName, user.email);
    const shared: BookSummary[] = (await this.books.sharedWith(user.id)).map((b) => ({
      bookId: b.bookId,
      ownerName: displayName(b.ownerFirstName, b.ownerLastName, b.ownerEmail),
      role: b.role,
      isOwn: b.bookId === user.id,
      mainCurrency: b.mainCurrency,
    }));
    const founded = shared.find((b) => b.isOwn) ?? {
      bookId: user.id,
      ownerName: me,
      role: 'owner',
      isOwn: true,
      mainCurrency: user.mainCurrency,
    };
    const handed: BookSummary[] = (await this.books.handedTo(user.id)).map((b) => ({
      ...b,
      ownerName: me,
      role: 'owner',
      isOwn: false,
    }));
    return [founded, ...handed, ...shared.filter((b) => !b.isOwn)];
  }

  /**
   * POST book/handover: the owner makes a member the owner and stays on as an editor (the book
   * keeps its id, rows and main currency). The owner's alone; a demo visitor, who lasts a day,
   * cannot take a book.
   */
  async handOver(book: Book, input: BookHandover, client: ClientInfo): Promise<BookMembers> {
    ownerOnly(book, 'hand it over');
    const target = await this.users.findById(input.userId);
    if (target?.role === 'DEMO') throw conflict('A demo visitor cannot own a book');
    const done = await this.db
      .transaction()
      .execute((trx) => new BooksRepository(trx).handOver(book.id, book.ownerId, input.userId, this.now()));
    if (!done) throw notFound(`Member ${input.userId} not found`);
    await this.log.record(input.userId, 'book-handed-over', { detail: `you now own book ${book.id}` });
    await this.log.record(book.ownerId, 'book-handed-over', {
      client,
      detail: `book ${book.id} handed over to member ${input.userId}; you are its editor`,
    });
    return this.members({ ...book, ownerId: input.userId, standing: 'editor' });
  }

  /** GET book/members: everyone with access, the owner first; open invitations for the owner. */
  async members(book: Book): Promise<BookMembers> {
    const owner = await this.users.findById(book.ownerId);
    const first: BookMember[] =
      owner === undefined
        ? []
        : [
            {
              userId: owner.id,
              name: displayName(owner.firstName, owner.lastName, owner.email),
              email: owner.email,
              role: 'owner',
            },
          ];
    const others = (await this.books.members(book.id)).map((m) => ({
      userId: m.userId,
      name: displayName(m.firstName, m.lastName, m.email),
      email: m.email,
      role: m.role,
    }));
    const invites = book.standing === 'owner' ? (await this.books.openInvites(book.id, this.now())).map(toInvite) : [];
    return { bookId: book.id, members: [...first, ...others], invites };
  }

  async updateMember(book: Book, input: BookMemberUpdate, client: ClientInfo): Promise<BookMembers> {
    ownerOnly(book, 'change roles');
    if (!(await this.books.setRole(book.id, input.userId, input.role)))
      throw notFound(`Member ${input.userId} not found`);
    await this.log.record(input.userId, 'book-role-changed', { detail: `now ${input.role}` });
    await this.log.record(book.ownerId, 'book-role-changed', {
      client,
      detail: `member ${input.userId} now ${input.role}`,
    });
    return this.members(book);
  }

  /** The owner withdraws an invitation not yet accepted: its link stops working at once. */
  async withdrawInvite(book: Book, id: number): Promise<void> {
    ownerOnly(book, 'withdraw invitations');
    if (!(await this.books.withdrawInvite(book.id, id))) throw notFound(`Invitation ${id} not found`);
  }

  async removeMember(book: Book, userId: number, client: ClientInfo): Promise<void> {
    ownerOnly(book, 'remove members');
    if (!(await this.books.removeMember(book.id, userId))) throw notFound(`Member ${userId} not found`);
    await this.log.record(userId, 'book-member-removed', { detail: `removed from book ${book.id}` });
    await this.log.record(book.ownerId, 'book-member-removed', { client, detail: `member ${userId} removed` });
  }

  /** The user leaves a book shared with them (not their own). */
  async leave(user: User, bookId: number, client: ClientInfo): Promise<void> {
    const book = await this.books.find(bookId);
    if (book?.ownerId === user.id) throw conflict('This book is yours: an owner cannot leave it');
    if (book === undefined || !(await this.books.removeMember(bookId, user.id)))
      throw notFound(`Book ${bookId} not found`);
    await this.log.record(user.id, 'book-left', { client, detail: `book ${bookId}` });
    await this.log.record(book.ownerId, 'book-left', { detail: `${user.email} left your book` });
  }
}

function ownerOnly(book: Book, what: string): void {
  if (book.standing !== 'owner')
    throw forbidden(`Only the book's owner may ${what}; your role in this book is ${book.standing}`);
}
