import type { Transaction } from '@kassa/contract';
import { MAX_INSTANT, MAX_LIST_ROWS, MIN_INSTANT } from '@kassa/contract/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { PAGE_SIZE } from '../api';

const NEWEST = Date.UTC(2026, 4, 1, 12);
const tx = (id: number, time: number): Transaction => ({
  id,
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
