import type { BookMembers, BookSummary, Conversion, Transaction } from '@kassa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOK_KEY } from '../../../lib/book';
import { setToken } from '../../../lib/token';
import { testCategory } from '../../../test/fixtures';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../../test/render';
import { fireEvent } from '@testing-library/react';

// Shared books (issue 34): the list names who entered each row once someone else may open the
// book, and a viewer is offered neither bulk selection nor import.

const OWN: BookSummary = { bookId: 1, ownerName: 'Ada L', role: 'owner', isOwn: true, mainCurrency: 'EUR' };
const ANNAS: BookSummary = { bookId: 7, ownerName: 'Anna Kovács', role: 'editor', isOwn: false, mainCurrency: 'EUR' };
const TX: Transaction = {
  id: 3,
  version: 1,
  isIncome: false,
  amount: 4.5,
  currency: 'EUR',
  categoryId: 1,
  description: 'Bread',
  time: '2026-03-02T10:00:00Z',
  categType: 'real',
  type: null,
  rowType: 'transaction',
  createdBy: { userId: 2, name: 'Bo Berg' },
};
const CONVERSION: Conversion = {
  id: 4,
  version: 1,
  userId: 1,
  fromAmount: 10,
  fromCurrency: 'EUR',
  toAmount: 11,
  toCurrency: 'USD',
  description: 'Cash',
  time: '2026-03-01T10:00:00Z',
  createdBy: { userId: 1, name: 'Ada L' },
};
const SHARED_OWN: BookMembers = {
  bookId: 1,
  members: [
    { userId: 1, name: 'Ada L', email: 'ada@example.com', role: 'owner' },
    { userId: 2, name: 'Bo Berg', email: 'bo@example.com', role: 'editor' },
  ],
  invites: [],
};

function api(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET category/getall': { status: 200, body: [testCategory(1, 'Groceries', 'real', false)] },
    'GET category/get-external': { status: 200, body: [] },
    'POST transaction/getfiltered': { status: 200, body: [TX] },
    'POST conversion/getbetween': { status: 200, body: [CONVERSION] },
    'POST fixpoint/getbetween': { status: 200, body: [] },
    ...extra,
  });
}

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const enteredBy = (text: string) => row(text).querySelector('[data-entered-by]')?.textContent;

describe('"Entered by" in the transaction list', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is left out of one’s own book while nobody else may open it', async () => {
    const calls = api();
    renderApp('/private/transactions');
    await screen.findByText('Bread');
    await waitFor(() => expect(calls.some((c) => c.key === 'GET book/members')).toBe(true));
    expect(screen.queryByRole('columnheader', { name: 'Entered by' })).toBeNull();
    expect(enteredBy('Bread')).toBeUndefined();
  });

  it('names who entered each transaction and conversion of one’s own book once it has a member', async () => {
    api({ 'GET book/members': { status: 200, body: SHARED_OWN } });
    renderApp('/private/transactions');
    expect(await screen.findByRole('columnheader', { name: 'Entered by' })).toBeTruthy();
    expect(enteredBy('Bread')).toBe('Bo Berg');
    expect(enteredBy('Cash')).toBe('Ada L');
  });

  it('names them in a book shared with the user, without asking for its members', async () => {
    localStorage.setItem(BOOK_KEY, JSON.stringify({ user: '1', book: 7, name: "Anna Kovács's books" }));
    const calls = api({ 'GET book/getall': { status: 200, body: [OWN, ANNAS] } });
    renderApp('/private/transactions');
    expect(await screen.findByRole('columnheader', { name: 'Entered by' })).toBeTruthy();
    expect(enteredBy('Bread')).toBe('Bo Berg');
    expect(calls.find((c) => c.key === 'POST transaction/getfiltered')?.headers['Kassa-Book']).toBe('7');
    // Its people are asked for in that book: the filter offers them, and they name who paid a split.
    await waitFor(() => expect(calls.find((c) => c.key === 'GET book/members')?.headers['Kassa-Book']).toBe('7'));
    // An editor selects rows and imports as before.
    expect(within(row('Bread')).getByRole('checkbox')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Import' })).toBeTruthy();
  });

  it('offers a viewer no selection and no import', async () => {
    localStorage.setItem(BOOK_KEY, JSON.stringify({ user: '1', book: 7, name: "Anna Kovács's books" }));
    api({ 'GET book/getall': { status: 200, body: [OWN, { ...ANNAS, role: 'viewer' }] } });
    renderApp('/private/transactions');
    expect(await screen.findByRole('columnheader', { name: 'Entered by' })).toBeTruthy();
    expect(within(row('Bread')).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select every transaction shown' })).toBeNull();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Import' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });
});

describe('"Entered by" in the filter, and split rows (issue 34)', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.restoreAllMocks());

  it('is not offered in a book nobody else may open', async () => {
    api();
    renderApp('/private/transactions');
    await screen.findByText('Bread');
    fireEvent.click(screen.getByRole('switch', { name: 'Filters' }));
    await screen.findByRole('button', { name: 'Add Groceries' });
    expect(screen.queryByText('Entered by')).toBeNull();
  });

  it('filters the list, its sum and the export by who entered the rows', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:kassa/csv');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = api({
      'GET book/members': { status: 200, body: SHARED_OWN },
      'POST transaction/getconvertedsum': { status: 200, body: { amount: -4.5, currency: 'EUR' } },
      'GET export/csv': {
        status: 200,
        body: 'date\n',
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="kassa.csv"' },
      },
    });
    renderApp('/private/transactions');
    await screen.findByText('Bread');
    fireEvent.click(screen.getByRole('switch', { name: 'Filters' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Bo Berg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.key === 'POST transaction/getfiltered')
          .some((c) => JSON.stringify(c.body).includes('"enteredBy":[2]')),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST transaction/getconvertedsum')?.body).toMatchObject({
        enteredBy: [2],
        directions: [false],
      }),
    );
    // Narrowed to who entered them: conversions wait, as for any selection.
    await waitFor(() => expect(screen.queryByText('Cash')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(calls.some((c) => c.key.startsWith('GET export/csv?'))).toBe(true));
    const query = new URLSearchParams(
      (calls.find((c) => c.key.startsWith('GET export/csv?'))?.key ?? '').replace(/^GET export\/csv\?/, ''),
    );
    expect(query.get('enteredBy')).toBe('2');
  });

  it('marks a split row with who paid it', async () => {
    api({
      'GET book/members': { status: 200, body: SHARED_OWN },
      'POST transaction/getfiltered': {
        status: 200,
        body: [
          {
            ...TX,
            paidBy: 1,
            shares: [
              { userId: 1, weight: 1 },
              { userId: 2, weight: 1 },
            ],
          },
          { ...TX, id: 5, description: 'Tea' },
        ],
      },
    });
    renderApp('/private/transactions');
    await screen.findByText('Bread');
    await waitFor(() => expect(row('Bread').querySelector('[data-split]')?.textContent).toBe('split · paid by Ada L'));
    expect(row('Tea').querySelector('[data-split]')).toBeNull();
  });
});
