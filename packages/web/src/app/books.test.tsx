import type { BookSummary, Transaction } from '@kassa/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOK_KEY } from '../lib/book';
import { setToken } from '../lib/token';
import { testCategory } from '../test/fixtures';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../test/render';

// Shared books (issue 34): the header's switcher, the remembered choice, the fall-back when the
// chosen book goes away, and what a viewer is not offered.

const OWN: BookSummary = { bookId: 1, ownerName: 'Ada L', role: 'owner', isOwn: true, mainCurrency: 'EUR' };
const ANNAS: BookSummary = { bookId: 7, ownerName: 'Anna Kovács', role: 'editor', isOwn: false, mainCurrency: 'EUR' };
const USER_INFO = { status: 200, body: REGISTERED_USER };
const GROCERIES = testCategory(3, 'Groceries', 'real', false);
const TX: Transaction = {
  id: 12,
  version: 1,
  isIncome: false,
  amount: 4.5,
  currency: 'EUR',
  categoryId: 3,
  description: 'Bread',
  time: '2026-03-01T10:00:00Z',
  categType: 'real',
  type: null,
  rowType: 'transaction',
};
type Calls = ReturnType<typeof stubApi>;

/** The Kassa-Book header each request of `key` carried, in order. */
const booksNamed = (calls: Calls, key: string) =>
  calls.filter((c) => c.key === key).map((c) => c.headers['Kassa-Book']);

const remember = (book: number, name: string) =>
  localStorage.setItem(BOOK_KEY, JSON.stringify({ user: '1', book, name }));

describe('the book switcher in the private header', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is not there for someone with only their own book', async () => {
    const calls = stubApi({ 'GET account/userinfo': USER_INFO });
    renderApp('/private/user/userinfo');
    await screen.findByRole('table', { name: 'User info' });
    await waitFor(() => expect(booksNamed(calls, 'GET book/getall')).toEqual([undefined]));
    expect(screen.queryByRole('button', { name: /^Switch book/ })).toBeNull();
  });

  it('names the current book, lists every book with the current one ticked, and switches every request to the one picked', async () => {
    const calls = stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/getall': { status: 200, body: [OWN, ANNAS] },
    });
    const router = renderApp('/private/user/userinfo');
    const switcher = await screen.findByRole('button', { name: 'Switch book (now Your books)' });
    expect(switcher.textContent).toContain('Your books');
    fireEvent.click(switcher);
    // Popovers measure nothing in happy-dom, so Mantine hides them as detached: hidden counts too.
    const own = await screen.findByRole('menuitem', { name: /Your books/, hidden: true });
    const annas = screen.getByRole('menuitem', { name: /Anna Kovács's books/, hidden: true });
    expect(own.getAttribute('aria-current')).toBe('true');
    expect(annas.getAttribute('aria-current')).toBeNull();
    expect(within(annas).getByText('editor')).toBeTruthy();
    const before = calls.length;
    fireEvent.click(annas);

    expect(await screen.findByRole('button', { name: "Switch book (now Anna Kovács's books)" })).toBeTruthy();
    // Every answer is asked again, for the new book: the screen's and the shell's.
    await waitFor(() => {
      const after = calls.slice(before);
      expect(after.some((c) => c.key === 'GET book/getall')).toBe(true);
      expect(after.some((c) => c.key === 'GET account/userinfo')).toBe(true);
      // (The public config is asked without the session, so without a book.)
      expect(after.filter((c) => c.key !== 'GET config').every((c) => c.headers['Kassa-Book'] === '7')).toBe(true);
    });
    expect(router.state.location.pathname).toBe('/private/user/userinfo');
    expect(JSON.parse(localStorage.getItem(BOOK_KEY) ?? '{}')).toEqual({
      user: '1',
      book: 7,
      name: "Anna Kovács's books",
    });
  });

  it('remembers the choice across a reload', async () => {
    remember(7, "Anna Kovács's books");
    const calls = stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/getall': { status: 200, body: [OWN, ANNAS] },
    });
    renderApp('/private/user/userinfo');
    expect(await screen.findByRole('button', { name: "Switch book (now Anna Kovács's books)" })).toBeTruthy();
    expect(booksNamed(calls, 'GET book/getall')).toEqual(['7']);
  });

  it('leaves an item of the old book for the dashboard on a switch', async () => {
    stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/getall': { status: 200, body: [OWN, ANNAS] },
      'GET transaction/getbyid/12': { status: 200, body: TX },
      'GET category/getall': { status: 200, body: [GROCERIES] },
    });
    const router = renderApp('/private/edit-transaction/12');
    await screen.findByRole('heading', { name: 'Edit transaction', level: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch book (now Your books)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Anna Kovács's books/, hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/dashboard'));
  });
});

describe('a remembered book the user can no longer open', () => {
  beforeEach(() => setToken(fakeToken()));

  it('goes back to the own book with one notice, and no failure of its own', async () => {
    remember(7, "Anna Kovács's books");
    // The server answers every request naming book 7 with its 404, as for a removed member.
    const gone = { status: 404, body: { type: 'not_found', message: 'Book 7 not found' } };
    const calls = stubApi({
      'GET account/userinfo': (_body, headers) => (headers['Kassa-Book'] === '7' ? gone : USER_INFO),
      'GET book/getall': (_body, headers) => (headers['Kassa-Book'] === '7' ? gone : { status: 200, body: [OWN] }),
    });
    renderApp('/private/user/userinfo');
    const notice = "You can no longer open Anna Kovács's books: you are back in your own books";
    expect(await screen.findByText(notice)).toBeTruthy();
    await screen.findByRole('table', { name: 'User info' });
    await waitFor(() => expect(booksNamed(calls, 'GET book/getall').at(-1)).toBeUndefined());
    expect(booksNamed(calls, 'GET account/userinfo').at(-1)).toBeUndefined();
    expect(screen.getAllByText(notice)).toHaveLength(1);
    expect(screen.queryByText('Book 7 not found')).toBeNull();
    expect(JSON.parse(localStorage.getItem(BOOK_KEY) ?? '{}')).toMatchObject({ user: '1', book: null });
    // One book left: no switcher.
    expect(screen.queryByRole('button', { name: /^Switch book/ })).toBeNull();
  });
});

describe('a viewer of a shared book', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is offered no quick add, and the entry screen says why instead of a form', async () => {
    remember(7, "Anna Kovács's books");
    stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/getall': { status: 200, body: [OWN, { ...ANNAS, role: 'viewer' }] },
    });
    renderApp('/private/add-transaction');
    expect(await screen.findByText('You can view these books only')).toBeTruthy();
    expect(screen.getByText(/Your role in Anna Kovács's books is viewer/)).toBeTruthy();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Add transaction' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('sees the server’s reason when a write is refused, and the screens catch up with the new role', async () => {
    remember(7, "Anna Kovács's books");
    let role: BookSummary['role'] = 'editor';
    const calls = stubApi({
      'GET account/userinfo': USER_INFO,
      'GET book/getall': () => ({ status: 200, body: [OWN, { ...ANNAS, role }] }),
      'GET category/getall': { status: 200, body: [GROCERIES] },
      'GET category/get-external': { status: 200, body: [] },
      'GET currency/usersall': { status: 200, body: [{ code: 'EUR', lastUsed: '2026-01-01' }] },
      'POST transaction/add': () => {
        role = 'viewer'; // the owner changed the role meanwhile
        return {
          status: 403,
          body: {
            type: 'forbidden',
            message: 'Your role in this book is viewer: changing its data needs the editor role',
          },
        };
      },
    });
    renderApp('/private/add-transaction/expense');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Add transaction' })).toBeTruthy();
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Category/ }).value).toBe('Groceries'),
    );
    fireEvent.change(amount, { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await Promise.resolve();
    });
    expect(
      await screen.findByText('Your role in this book is viewer: changing its data needs the editor role'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST transaction/add')[0]?.headers['Kassa-Book']).toBe('7');
    // The books are read again: the form gives way to the viewer's note, the quick add goes.
    expect(await screen.findByText('You can view these books only')).toBeTruthy();
    expect(within(banner).queryByRole('link', { name: 'Add transaction' })).toBeNull();
  });
});
