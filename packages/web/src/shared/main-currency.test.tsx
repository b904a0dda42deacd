import type { BookSummary } from '@kassa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOK_KEY } from '../lib/book';
import { setToken } from '../lib/token';
import { testCategory } from '../test/fixtures';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../test/render';

// Shared books (issue 34): a book's figures are in its own main currency (its founder's), so a
// visitor whose own main currency differs sees the book's on its screens and forms.

const OWN: BookSummary = { bookId: 1, ownerName: 'Ada L', role: 'owner', isOwn: true, mainCurrency: 'EUR' };
const ANNAS: BookSummary = { bookId: 7, ownerName: 'Anna Kovács', role: 'editor', isOwn: false, mainCurrency: 'HUF' };

function api() {
  return stubApi({
    // The visitor's own main currency is EUR; Anna's book counts in HUF.
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET book/getall': { status: 200, body: [OWN, ANNAS] },
    'GET currency/usersall': {
      status: 200,
      body: [
        { code: 'EUR', lastUsed: '2026-01-02' },
        { code: 'HUF', lastUsed: '2026-01-01' },
      ],
    },
    'GET currency/supported': {
      status: 200,
      body: [
        { code: 'EUR', sign: '€', name: 'Euro', decimals: 2, signBefore: false },
        { code: 'HUF', sign: 'Ft', name: 'Hungarian forint', decimals: 2, signBefore: false },
      ],
    },
    'GET category/getall': { status: 200, body: [testCategory(1, 'Groceries', 'real', false)] },
    'GET category/get-external': { status: 200, body: [] },
    'GET exrate/get-daily': { status: 200, body: [] },
  });
}

const chooseAnnas = () =>
  localStorage.setItem(BOOK_KEY, JSON.stringify({ user: '1', book: 7, name: "Anna Kovács's books" }));

describe('the main currency of the current book', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is the book’s in a book shared with the user: the currencies tab marks it', async () => {
    chooseAnnas();
    api();
    renderApp('/private/manage/currency');
    const table = await screen.findByRole('table', { name: 'Your currencies' });
    await waitFor(() =>
      expect(within(table).getByText('Main currency').closest('tr')?.dataset['currency']).toBe('HUF'),
    );
  });

  it('is where a new entry starts in a book shared with the user', async () => {
    chooseAnnas();
    api();
    renderApp('/private/add-transaction/expense');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: /^Currency/ }).value).toBe('HUF'),
    );
  });

  it('is the user’s own in their own book', async () => {
    api();
    renderApp('/private/manage/currency');
    const table = await screen.findByRole('table', { name: 'Your currencies' });
    await waitFor(() =>
      expect(within(table).getByText('Main currency').closest('tr')?.dataset['currency']).toBe('EUR'),
    );
  });
});
