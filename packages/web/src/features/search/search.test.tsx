import type { SearchResult } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../test/render';
import { SEARCH_PAGE_SIZE } from './api';

const tx = (id: number, description: string): SearchResult => ({
  kind: 'transaction',
  id,
  version: 1,
  isIncome: false,
  amount: 12.5,
  currency: 'EUR',
  categoryId: 1,
  description,
  time: new Date(Date.UTC(2024, 2, 5, 9) - id * 60_000).toISOString(),
  categType: 'real',
  type: null,
  rowType: 'transaction',
});
const FIRST = Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => tx(100 - i, `Coffee ${100 - i}`));
const LAST: SearchResult = {
  kind: 'conversion',
  id: 7,
  version: 1,
  userId: 1,
  fromAmount: 100,
  fromCurrency: 'EUR',
  toAmount: 16500,
  toCurrency: 'JPY',
  description: 'Coffee money',
  time: '2023-01-01T00:00:00.000Z',
};

describe('the search box', () => {
  beforeEach(() => setToken(fakeToken()));

  it('takes / outside fields, and Ctrl+K or ⌘K in fields too', async () => {
    stubApi({
      'POST transaction/getfiltered': { status: 200, body: [] },
      'POST conversion/getbetween': { status: 200, body: [] },
      'POST fixpoint/getbetween': { status: 200, body: [] },
      'GET category/get-external': { status: 200, body: [] },
    });
    renderApp('/private/transactions');
    await screen.findByRole('button', { name: 'Search transactions' });
    // fireEvent answers false when a handler took the key (prevented its default).
    const taken = (target: Element, init: KeyboardEventInit) => !fireEvent.keyDown(target, init);
    const body = document.body;
    expect(taken(body, { key: 'k' })).toBe(false);
    expect(taken(body, { key: '/', ctrlKey: true })).toBe(false);
    expect(taken(body, { key: '/', altKey: true })).toBe(false);
    expect(taken(body, { key: 'k', ctrlKey: true, altKey: true })).toBe(false);
    for (const tag of ['input', 'textarea', 'select']) {
      const field = body.appendChild(document.createElement(tag));
      expect(taken(field, { key: '/' }), tag).toBe(false);
      expect(taken(field, { key: 'k' }), tag).toBe(false);
      expect(taken(field, { key: 'k', ctrlKey: true }), tag).toBe(true);
      field.remove();
    }
    expect(taken(body, { key: '/' })).toBe(true);
    expect(taken(body, { key: '/', shiftKey: true })).toBe(true);
    expect(taken(body, { key: 'K', metaKey: true })).toBe(true);
    expect(await screen.findByRole('textbox', { name: 'Search transactions and conversions' })).toBeTruthy();
  });

  it('opens with /, searches, pages on with Load more, opens a result and closes with Esc', async () => {
    const calls = stubApi({
      'POST transaction/search': (body) => ({
        status: 200,
        body: (body as { after?: unknown }).after === undefined ? FIRST : [LAST],
      }),
      'POST transaction/getfiltered': { status: 200, body: [] },
      'POST conversion/getbetween': { status: 200, body: [] },
      'POST fixpoint/getbetween': { status: 200, body: [] },
      'GET category/get-external': { status: 200, body: [] },
    });
    renderApp('/private/transactions');
    await screen.findByRole('button', { name: 'Search transactions' });

    fireEvent.keyDown(document.body, { key: '/' });
    const box = await screen.findByRole('textbox', { name: 'Search transactions and conversions' });
    fireEvent.change(box, { target: { value: 'coffee' } });
    const results = await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(within(results).getAllByRole('button')).toHaveLength(SEARCH_PAGE_SIZE));
    const asked = calls.filter((c) => c.key === 'POST transaction/search').map((c) => c.body);
    expect(asked).toEqual([{ q: 'coffee', limit: SEARCH_PAGE_SIZE }]);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Coffee money');
    const tail = FIRST.at(-1);
    expect(calls.filter((c) => c.key === 'POST transaction/search').map((c) => c.body)[1]).toEqual({
      q: 'coffee',
      limit: SEARCH_PAGE_SIZE,
      after: { time: tail?.time, id: tail?.id, kind: 'transaction' },
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(screen.getByText('Coffee 100'));
    await waitFor(() => expect(calls.some((c) => c.key === 'GET transaction/getbyid/100')).toBe(true));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Search transactions and conversions' })).toBeNull(),
    );

    // Ctrl+K opens it again; Esc closes it.
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    const again = await screen.findByRole('textbox', { name: 'Search transactions and conversions' });
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Search transactions and conversions' })).toBeNull(),
    );
  }, 30_000);
});
