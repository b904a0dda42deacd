import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiGet, ApiError, isGoneBook, postForm } from './api';
import { BOOK_KEY, bookGone, chooseBook, chosenBook, onBookGone } from './book';
import { setToken } from './token';

const jwt = (payload: object) => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.sig`;
const tokenOf = (userId: number) => jwt({ sub: String(userId), exp: Math.floor(Date.now() / 1000) + 3600 });

/** The headers of each request fetch was asked for; every answer is `status` with `body`. */
function stubFetch(status = 200, body: unknown = []) {
  const sent: Record<string, string>[] = [];
  globalThis.fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ ...(init?.headers as Record<string, string>) });
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  };
  return sent;
}

const stored = (storage: Storage) => JSON.parse(storage.getItem(BOOK_KEY) ?? 'null') as unknown;

describe('the chosen book (issue 34, shared books)', () => {
  beforeEach(() => setToken(tokenOf(1)));
  afterEach(() => onBookGone(() => undefined));

  it('names the chosen book in the Kassa-Book header of session requests, never the own book or an anonymous one', async () => {
    const sent = stubFetch();
    await apiGet('book/getall');
    chooseBook(7, "Anna Kovács's books");
    await apiGet('book/getall');
    await apiGet('config', { anonymous: true });
    chooseBook(1); // the user's own id is the own book: no header
    await apiGet('book/getall');
    expect(sent.map((h) => h['Kassa-Book'])).toEqual([undefined, '7', undefined, undefined]);
  });

  it('names it on file uploads too, and hears an upload refused for a book gone', async () => {
    const headers: Record<string, string> = {};
    const heard: number[] = [];
    onBookGone((book) => {
      heard.push(book);
      chooseBook(null);
    });
    // Just enough of XMLHttpRequest for postForm: the headers it sets, and a 404 for book 7.
    class Xhr {
      status = 0;
      responseText = '';
      upload = {};
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader(name: string, value: string) {
        headers[name] = value;
      }
      getResponseHeader() {
        return null;
      }
      send() {
        this.status = 404;
        this.responseText = JSON.stringify({ type: 'not_found', message: 'Book 7 not found' });
        this.onload?.();
      }
    }
    const original = globalThis.XMLHttpRequest;
    globalThis.XMLHttpRequest = Xhr as unknown as typeof XMLHttpRequest;
    chooseBook(7, "Anna Kovács's books");
    const err: unknown = await postForm('import/preview', new FormData())
      .catch((e: unknown) => e)
      .finally(() => {
        globalThis.XMLHttpRequest = original;
      });
    expect(headers['Kassa-Book']).toBe('7');
    expect(isGoneBook(err)).toBe(true);
    expect(heard).toEqual([7]);
  });

  it('keeps the choice for this tab and as the last one for a new tab, each for the user who chose', () => {
    chooseBook(7, "Anna Kovács's books");
    const choice = { user: '1', book: 7, name: "Anna Kovács's books" };
    expect(stored(sessionStorage)).toEqual(choice);
    expect(stored(localStorage)).toEqual(choice);
    // Another tab chose the own book since: this tab keeps its own choice, a new tab takes the last one.
    localStorage.setItem(BOOK_KEY, JSON.stringify({ user: '1', book: null, name: '' }));
    expect(chosenBook()).toBe(7);
    sessionStorage.clear();
    expect(chosenBook()).toBeNull();
    // Someone else signing in on this browser starts in their own book.
    localStorage.setItem(BOOK_KEY, JSON.stringify(choice));
    setToken(tokenOf(2));
    expect(chosenBook()).toBeNull();
    // Whatever else sits under the key counts as no choice.
    setToken(tokenOf(1));
    localStorage.setItem(BOOK_KEY, '{"user":"1","book":"seven"}');
    expect(chosenBook()).toBeNull();
    localStorage.setItem(BOOK_KEY, 'not json');
    expect(chosenBook()).toBeNull();
  });

  it('hears a 404 "Book N not found" for the chosen book once, with its name, and marks the failure', async () => {
    const heard: [number, string][] = [];
    onBookGone((book, name) => {
      heard.push([book, name]);
      chooseBook(null);
    });
    chooseBook(7, "Anna Kovács's books");
    stubFetch(404, { type: 'not_found', message: 'Book 7 not found' });
    const failures = await Promise.all(
      [apiGet('book/getall'), apiGet('account/userinfo')].map((p) => p.catch((e: unknown) => e)),
    );
    expect(heard).toEqual([[7, "Anna Kovács's books"]]);
    expect(failures.map(isGoneBook)).toEqual([true, true]);
    expect(chosenBook()).toBeNull();
    // Already back in the own book: a late answer for book 7 changes nothing.
    bookGone(7);
    expect(heard).toHaveLength(1);
  });

  it('takes other 404s for what they are', async () => {
    const heard: number[] = [];
    onBookGone((book) => heard.push(book));
    chooseBook(7, "Anna Kovács's books");
    stubFetch(404, { type: 'not_found', message: 'Transaction 12 not found' });
    const err: unknown = await apiGet('transaction/12').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(isGoneBook(err)).toBe(false);
    // "Book 8 not found" without naming book 8 in the header is an ordinary failure too.
    expect(isGoneBook(new ApiError(404, { type: 'not_found', message: 'Book 8 not found' }, true, undefined, 7))).toBe(
      false,
    );
    expect(heard).toEqual([]);
    expect(chosenBook()).toBe(7);
  });
});
