import type { BookMembers, BookSummary } from '@kassa/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api';
import { useChosenBook } from '../lib/book';
import { useUserInfo } from './global-data';
import { isTokenValid, tokenClaims, tokenSubject, useToken } from '../lib/token';
import { queryKeys } from './query-keys';
import { t } from '../i18n';

// Shared books (issue 34): the books the user may open, the one this tab works on, and what the
// user's standing there allows. Switching is the session's (session.ts switchBook).

/** How a book is named on every screen: "Your books", or after its owner ("Anna Kovács's books"). */
export function bookName(book: Pick<BookSummary, 'isOwn' | 'ownerName'>): string {
  return book.isOwn ? t('books.own') : t('books.ofOwner', { owner: book.ownerName });
}

/** Book answers load once the registration is complete (the server refuses them before). */
function useBooksEnabled(): boolean {
  const token = useToken();
  return isTokenValid(token) && tokenClaims(token)?.regComplete === true;
}

/** GET book/getall: the books the user may open, their own first; failures only reach the console. */
export function useBooks() {
  const enabled = useBooksEnabled();
  return useQuery({
    queryKey: queryKeys.books,
    queryFn: () => apiGet<BookSummary[]>('book/getall'),
    enabled,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export interface CurrentBook {
  /** Every book the user may open, once loaded. */
  books: readonly BookSummary[] | undefined;
  /** The book this tab works on, once the list has loaded. */
  current: BookSummary | undefined;
}

/** The books and the one this tab works on (the chosen one, or the own one). */
export function useCurrentBook(): CurrentBook {
  const chosen = useChosenBook();
  const books = useBooks().data;
  const current = books?.find((b) => (chosen === null ? b.isOwn : b.bookId === chosen));
  return { books, current };
}

/**
 * The current book's main currency, which its figures are reported in: in the own book the user's
 * (account/userinfo), in a book shared with them the book's (`mainCurrency` of book/getall, its
 * founder's), never the visitor's own. Undefined while it loads, null before one is set (or when
 * it cannot be read).
 */
export function useMainCurrency(): string | null | undefined {
  const chosen = useChosenBook();
  const info = useUserInfo();
  const books = useBooks();
  // A failed load counts as none: screens fall back as they would without a main currency.
  if (chosen === null) return info.data === undefined ? (info.isError ? null : undefined) : info.data.mainCurrency;
  if (books.data === undefined) return books.isError ? null : undefined;
  return books.data.find((b) => b.bookId === chosen)?.mainCurrency ?? null;
}

/**
 * Whether the user may write to the current book: not a viewer. True until the list has loaded
 * (a viewer's write is refused by the server anyway, with its reason shown).
 */
export function useCanWrite(): boolean {
  return useCurrentBook().current?.role !== 'viewer';
}

/**
 * GET book/members: who may open the current book, the owner first; open invitations for the
 * owner. Failures only reach the console: the Members tab says so in place.
 */
export function useBookMembers(enabled = true) {
  const allowed = useBooksEnabled();
  return useQuery({
    queryKey: queryKeys.bookMembers,
    queryFn: () => apiGet<BookMembers>('book/members'),
    enabled: allowed && enabled,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/**
 * Whether someone besides the user may open the current book: then rows say who entered them. A
 * book shared with the user always has its owner; the own book asks for its members.
 */
export function useSharedBook(): boolean {
  const { current } = useCurrentBook();
  const own = current?.isOwn === true;
  const members = useBookMembers(own).data;
  if (current === undefined) return false;
  return !own || (members?.members.length ?? 0) > 1;
}

/** The signed-in user's id (the token's subject), once signed in. */
export function useMyUserId(): number | undefined {
  const token = useToken();
  const sub = token === null ? undefined : tokenSubject(token);
  return sub === undefined ? undefined : Number(sub);
}

/** A person of the current book: who splits, pays and settles (issue 34, settling up). */
export interface BookPerson {
  userId: number;
  name: string;
}

/**
 * The people of the current book (GET book/members: the owner first, then the members by name),
 * once loaded; `shared` once there are more than one, which is when expenses can be split and
 * settled; `me`, the signed-in user.
 */
export function useBookPeople(enabled = true): {
  people: readonly BookPerson[] | undefined;
  shared: boolean;
  me: number | undefined;
} {
  const people = useBookMembers(enabled).data?.members;
  const me = useMyUserId();
  return { people, shared: (people?.length ?? 0) > 1, me };
}
