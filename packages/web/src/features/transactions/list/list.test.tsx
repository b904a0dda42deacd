import type { Transaction } from '@kassa/contract';
import { MAX_INSTANT, MAX_LIST_ROWS, MIN_INSTANT } from '@kassa/contract/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quickRange, toApiInterval } from '../../../components/interval';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { PAGE_SIZE } from '../api';

const NEWEST = Date.UTC(2026, 4, 1, 12);
const tx = (id: number, time: number): Transaction => ({
  id,
  version: 1,
  isIncome: false,
  amount: 1,
  currency: 'EUR',
  categoryId: 1,
  description: `t${id}`,
  time: new Date(time).toISOString(),
  categType: 'real',
  type: null,
  rowType: 'transaction',
});
// A full first page, one minute apart, newest first; then one older transaction.
const FIRST_PAGE = Array.from({ length: PAGE_SIZE }, (_, i) => tx(1000 - i, NEWEST - i * 60_000));
const OLDEST_ON_FIRST = NEWEST - (PAGE_SIZE - 1) * 60_000;
const SECOND_PAGE = [tx(1, OLDEST_ON_FIRST - 86_400_000)];

describe('the transaction list loads conversions and fixpoints for the loaded time only', () => {
  beforeEach(() => setToken(fakeToken()));

  it('asks for the first page’s span, then for the next stretch on Load more', async () => {
    const calls = stubApi({
      'POST transaction/getfiltered': (body) => ({
        status: 200,
        body: (body as { after?: unknown }).after === undefined ? FIRST_PAGE : SECOND_PAGE,
      }),
      'POST conversion/getbetween': { status: 200, body: [] },
      'POST fixpoint/getbetween': { status: 200, body: [] },
      'GET category/get-external': { status: 200, body: [] },
    });
    const asked = (key: string) => calls.filter((c) => c.key === key).map((c) => c.body);
    renderApp('/private/transactions');

    // Newer rows than every transaction still head the list: the span reaches the API's last instant.
    const first = {
      start: new Date(OLDEST_ON_FIRST).toISOString(),
      end: new Date(MAX_INSTANT).toISOString(),
      limit: MAX_LIST_ROWS,
    };
    await waitFor(() => expect(asked('POST conversion/getbetween')).toEqual([first]));
    expect(asked('POST fixpoint/getbetween')).toEqual([first]);

    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    // Nothing older is left: down to the API's first instant, without asking for the first span again.
    const second = {
      start: new Date(MIN_INSTANT).toISOString(),
      end: new Date(OLDEST_ON_FIRST - 1).toISOString(),
      limit: MAX_LIST_ROWS,
    };
    await waitFor(() => expect(asked('POST conversion/getbetween')).toEqual([first, second]));
    expect(asked('POST fixpoint/getbetween')).toEqual([first, second]);
  });

  it('asks on within a span while its conversions come back a full page', async () => {
    // More conversions in the first span than one answer holds: the rest follow the last row.
    const conversion = (id: number, time: number) => ({
      id,
      userId: 1,
      fromAmount: 1,
      fromCurrency: 'EUR',
      toAmount: 1,
      toCurrency: 'USD',
      description: `c${id}`,
      time: new Date(time).toISOString(),
    });
    // Timed before the loaded transactions, so they wait unrendered (jsdom would take seconds for 5,000 rows).
    const full = Array.from({ length: MAX_LIST_ROWS }, (_, i) => conversion(90_000 - i, OLDEST_ON_FIRST - 1 - i));
    const rest = [conversion(1, OLDEST_ON_FIRST - 1 - MAX_LIST_ROWS)];
    const calls = stubApi({
      'POST transaction/getfiltered': { status: 200, body: FIRST_PAGE },
      'POST conversion/getbetween': (body) => ({
        status: 200,
        body: (body as { after?: unknown }).after === undefined ? full : rest,
      }),
      'POST fixpoint/getbetween': { status: 200, body: [] },
      'GET category/get-external': { status: 200, body: [] },
    });
    renderApp('/private/transactions');
    const last = full.at(-1) as (typeof full)[number];
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST conversion/getbetween').map((c) => c.body)).toEqual([
        expect.not.objectContaining({ after: expect.anything() as unknown }),
        expect.objectContaining({ limit: MAX_LIST_ROWS, after: { time: last.time, id: last.id } }),
      ]),
    );
  });
});

describe('the Export CSV button of the transaction list', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.restoreAllMocks());

  it('downloads export/csv with the filter’s interval, categories, currencies and directions', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:kassa/csv');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const groceries = {
      id: 1,
      name: 'Groceries',
      type: 'real',
      isIncome: false,
      isActive: true,
      monthlyLimit: null,
      lastUsed: '2026-01-01T00:00:00Z',
    };
    const calls = stubApi({
      'POST transaction/getfiltered': { status: 200, body: [] },
      'POST conversion/getbetween': { status: 200, body: [] },
      'POST fixpoint/getbetween': { status: 200, body: [] },
      'GET category/get-external': { status: 200, body: [] },
      'GET category/getall': { status: 200, body: [groceries] },
      'GET currency/usersall': { status: 200, body: [{ code: 'EUR', lastUsed: '2026-01-01' }] },
      'GET export/csv': {
        status: 200,
        body: 'date\n',
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="kassa-2026-11-23.csv"' },
      },
    });
    const exports = () => calls.filter((c) => c.key.startsWith('GET export/csv')).map((c) => c.key);
    renderApp('/private/transactions');

    // The panel off: everything.
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exports()).toEqual(['GET export/csv']));
    await waitFor(() => expect(saved).toEqual(['kassa-2026-11-23.csv']));

    fireEvent.click(screen.getByRole('switch', { name: 'Filters' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Groceries' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add EUR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('data-loading')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exports()).toHaveLength(2));
    const query = new URLSearchParams((exports()[1] ?? '').replace(/^GET export\/csv\?/, ''));
    const { start, end } = toApiInterval(quickRange('1 Y'));
    expect(Object.fromEntries(query)).toEqual({
      start,
      end,
      categoryIds: '1',
      currencies: 'EUR',
      directions: 'out',
      // The list hides conversions while a selection narrows it; so does the export.
      types: 'real,loan,business,external',
    });
  });
});

describe('a transfer between two pockets of one currency in the transaction list', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is labelled Transfer, a conversion between two currencies Conversion', async () => {
    const at = (minutes: number) => new Date(NEWEST - minutes * 60_000).toISOString();
    const conversion = (id: number, toCurrency: string, toAmount: number, description: string, minutes: number) => ({
      id,
      userId: 1,
      fromAmount: 500,
      fromCurrency: 'EUR',
      toAmount,
      toCurrency,
      description,
      time: at(minutes),
    });
    stubApi({
      'POST transaction/getfiltered': { status: 200, body: [tx(7, NEWEST - 10 * 60_000)] },
      'POST conversion/getbetween': {
        status: 200,
        body: [conversion(1, 'EUR', 500, 'To savings', 1), conversion(2, 'USD', 540, 'To dollars', 2)],
      },
      'POST fixpoint/getbetween': { status: 200, body: [] },
      'GET category/get-external': { status: 200, body: [] },
    });
    renderApp('/private/transactions');
    const row = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
    expect((await row('To savings')).textContent).toContain('Transfer');
    expect((await row('To savings')).textContent).not.toContain('Conversion');
    expect((await row('To dollars')).textContent).toContain('Conversion');
  });
});
