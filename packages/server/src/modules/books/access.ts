import { BOOK_HEADER } from '@kassa/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { Book, BookResolver } from '../auth/guard.js';
import type { Session } from '../auth/service.js';
import { onlyReads } from '../security/scope.js';
import type { User } from '../users/repository.js';
import type { BooksRepository } from './repository.js';

// Which book a request works on, and whether the user's standing there admits it (issue 34).
// Every private request passes here once, right after its token: membership and roles are read
// anew each time, so a removal or a role change takes effect on the next request, for sessions
// and API tokens alike.

/** Routes about the person, not a book: their account and credentials, the admin page, and book/* (which check standing themselves). */
const PERSONAL_PREFIXES = ['/api/account/', '/api/auth/', '/api/admin/', '/api/book/'];

/** Routes only a book's owner may call, with what they do. */
const OWNER_ONLY: ReadonlyMap<string, string> = new Map([['/api/backup/restore', 'restore a backup into it']]);

const notMember = (bookId: number) => notFound(`Book ${bookId} not found`);

/** The book the Kassa-Book header names; undefined without one. */
function namedBook(request: FastifyRequest): number | undefined {
  const raw = request.headers[BOOK_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const text = (Array.isArray(raw) ? (raw[0] ?? '') : raw).trim();
  if (!/^[1-9]\d{0,9}$/.test(text))
    throw badRequest(`${BOOK_HEADER}: must be the id of a book (a whole number above 0)`);
  return Number(text);
}

/** Where the user stands in the book; 404 when they may not open it (no such book is the same answer). */
async function standingIn(books: BooksRepository, user: User, bookId: number): Promise<Book> {
  // The book the user founded is theirs unless they handed it over (book/handover), so it is read too.
  const book = await books.find(bookId);
  if (book === undefined) throw notMember(bookId);
  if (book.ownerId === user.id) return { ...book, standing: 'owner', actorId: user.id };
  const role = await books.roleOf(bookId, user.id);
  if (role === undefined) throw notMember(bookId);
  return { ...book, standing: role, actorId: user.id };
}

/** The 403 for a standing that may not make this request; undefined when it may. */
export function standingRefusal(book: Book, method: string, route: string): Error | undefined {
  if (PERSONAL_PREFIXES.some((prefix) => route.startsWith(prefix))) return undefined;
  const ownerOnly = OWNER_ONLY.get(route);
  if (ownerOnly !== undefined && book.standing !== 'owner')
    return forbidden(`Only the book's owner may ${ownerOnly}; your role in this book is ${book.standing}`);
  if (book.standing === 'viewer' && !onlyReads(method, route))
    return forbidden('Your role in this book is viewer: changing its data needs the editor role');
  return undefined;
}

/** The resolver requireUser asks (auth/guard.ts): the header's book, or the user's own; an API token's own book only. */
export function bookResolver(books: BooksRepository): BookResolver {
  return async (session: Session, request: FastifyRequest): Promise<Book> => {
    const named = namedBook(request);
    // An API token belongs to the book it was made in: naming another is naming one it cannot open.
    const home = session.kind === 'api-token' ? session.bookId : session.user.id;
    const bookId = named ?? home;
    if (session.kind === 'api-token' && bookId !== session.bookId) throw notMember(bookId);
    const book = await standingIn(books, session.user, bookId);
    const refusal = standingRefusal(book, request.method, request.routeOptions.url ?? request.url);
    if (refusal !== undefined) throw refusal;
    return book;
  };
}
