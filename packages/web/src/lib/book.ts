import { useSyncExternalStore } from 'react';
import { getToken, tokenSubject, useToken } from './token';

// The book this tab works on (issue 34, shared books). Every session request names it in the
// Kassa-Book header; absent means the user's own. The choice is kept per tab (sessionStorage,
// which survives a reload) and as the last choice of any tab (localStorage, where a new tab or
// the next login starts): a switch in one tab never changes the book another tab is writing to.
// Each stored choice names its user, so someone else signing in on this browser starts in their own.

/** Storage key of the chosen book, in sessionStorage (this tab) and localStorage (the last choice). */
export const BOOK_KEY = 'kassaBook';

interface StoredChoice {
  /** The user (token subject) who chose. */
  user: string;
  /** Null: their own book. */
  book: number | null;
  /** How the book was named when chosen, for the notice should it go away. */
  name: string;
}

function read(storage: Storage, user: string): StoredChoice | undefined {
  const raw = storage.getItem(BOOK_KEY);
  if (raw === null) return undefined;
  try {
    const json: unknown = JSON.parse(raw);
    if (typeof json !== 'object' || json === null) return undefined;
    const { user: who, book, name } = json as Record<string, unknown>;
    if (who !== user) return undefined;
    if (book !== null && !(typeof book === 'number' && Number.isSafeInteger(book) && book > 0)) return undefined;
    return { user, book, name: typeof name === 'string' ? name : '' };
  } catch {
    return undefined; // written by something else: as if nothing was chosen
  }
}

const signedInUser = (): string | undefined => {
  const token = getToken();
  return token === null ? undefined : tokenSubject(token);
};

function choice(): StoredChoice | undefined {
  const user = signedInUser();
  if (user === undefined) return undefined;
  return read(sessionStorage, user) ?? read(localStorage, user);
}

/** The book this tab works on for the signed-in user; null for their own. */
export function chosenBook(): number | null {
  return choice()?.book ?? null;
}

/** The name the chosen book had when it was chosen ('' when unknown or the own book). */
export function chosenBookName(): string {
  return choice()?.name ?? '';
}

const listeners = new Set<() => void>();

/**
 * Makes `book` the one this tab (and, as the last choice, the next tab) works on; null or the
 * user's own id mean their own book. `name` is what the header calls it.
 */
export function chooseBook(book: number | null, name = ''): void {
  const user = signedInUser();
  if (user === undefined) return;
  const own = book === null || String(book) === user;
  const value = JSON.stringify({ user, book: own ? null : book, name: own ? '' : name });
  sessionStorage.setItem(BOOK_KEY, value);
  localStorage.setItem(BOOK_KEY, value);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen book (null: the own one), re-rendering on a switch in this tab or a change of user. */
export function useChosenBook(): number | null {
  useToken();
  return useSyncExternalStore(subscribe, chosenBook);
}

let goneHandler: (book: number, name: string) => void = () => undefined;

/** Who hears that the chosen book answered 404 (the session: back to the own book, with a notice). */
export function onBookGone(handler: (book: number, name: string) => void): void {
  goneHandler = handler;
}

/**
 * The API said the book a request named is not (or no longer) the user's to open. Heard once:
 * only while it is still the chosen book, so the other requests in flight with it stay quiet.
 */
export function bookGone(book: number): void {
  if (chosenBook() !== book) return;
  goneHandler(book, chosenBookName());
}
