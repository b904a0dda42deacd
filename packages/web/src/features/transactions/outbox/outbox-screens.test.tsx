import type { Transaction } from '@kassa/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/display-format';
import { setToken } from '../../../lib/token';
import { settled, stop } from '../../../shared/outbox/engine';
import { addEntry, entriesOf } from '../../../shared/outbox/store';
import type { OutboxEntry } from '../../../shared/outbox';
import { testCategory } from '../../../test/fixtures';
import { installFakeIndexedDb, removeFakeIndexedDb } from '../../../test/outbox-db';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../../test/render';

// Issue 36, offline entry: what the screens show of the outbox and what their buttons do.
const FOOD = testCategory(3, 'Food', 'real', false);
const ROW: Transaction = {
  id: 7,
  version: 1,
  isIncome: false,
  amount: 20,
  currency: 'EUR',
  categoryId: 3,
  description: 'Market',
  time: '2026-03-01T10:00:00.000Z',
  categType: 'real',
  type: null,
  rowType: 'transaction',
};

function api(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET category/getall': { status: 200, body: [FOOD] },
    'GET category/get-external': { status: 200, body: [] },
    'GET currency/usersall': { status: 200, body: [{ code: 'EUR', lastUsed: '2026-01-01' }] },
    'GET fixpoint/getlast': { status: 200, body: null },
    'POST transaction/getfiltered': { status: 200, body: [] },
    'POST conversion/getbetween': { status: 200, body: [] },
    'POST fixpoint/getbetween': { status: 200, body: [] },
    ...extra,
  });
}

const online = vi.fn(() => true);
const waitingRows = () => document.querySelectorAll('tr[data-waiting]');

/** An edit of ROW made offline on version 1, which the server has since moved to version 2 (35 EUR). */
const conflict = (key: string): Omit<OutboxEntry, 'seq'> => ({
  key,
  userId: '1',
  bookId: null,
  kind: 'transaction-update',
  method: 'POST',
  path: 'transaction/update',
  body: { ...ROW, amount: '25', version: 1 },
  createdAt: '2026-03-02T10:00:00.000Z',
  state: 'conflict',
  lastError: 'Transaction 7 was changed since version 1: it is at version 2 now; load it again and decide',
  before: ROW,
  current: { ...ROW, amount: 35, description: 'Market (fixed)', version: 2 },
});

beforeEach(() => {
  installFakeIndexedDb();
  setToken(fakeToken());
  online.mockReturnValue(true);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(online);
});

afterEach(async () => {
  await settled();
  stop();
  vi.restoreAllMocks();
  await removeFakeIndexedDb();
});

describe('offline entry', () => {
  it('keeps an expense saved offline, shows it waiting on the list and the dashboard, and sends it once back online', async () => {
    online.mockReturnValue(false);
    const calls = api({ 'POST transaction/add': { status: 200, body: { ...ROW, id: 8 } } });
    const router = renderApp('/private/add-transaction/expense');
    const amount = await screen.findByRole<HTMLInputElement>('textbox', { name: /^Amount/ });
    fireEvent.change(amount, { target: { value: '12.50' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Bread' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved on this device: it will be sent when you are back online.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST transaction/add')).toBe(false);
    const [kept] = await entriesOf('1');
    expect(kept).toMatchObject({ kind: 'transaction-add', state: 'waiting', body: { amount: '12.50' } });

    await act(() => router.navigate('/private/transactions'));
    await waitFor(() => expect(waitingRows()).toHaveLength(1));
    const row = waitingRows()[0] as HTMLElement;
    expect(within(row).getByText('Bread')).toBeTruthy();
    expect(within(row).getByText('Waiting to sync')).toBeTruthy();
    expect(within(row).getByText(formatMoney(-12.5, 'EUR'))).toBeTruthy();
    await act(() => router.navigate('/private/dashboard'));
    const line = await screen.findByTestId('waiting-summary');
    expect(within(line).getByText('1 entry waiting to sync')).toBeTruthy();

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST transaction/add')).toHaveLength(1));
    expect(calls.find((c) => c.key === 'POST transaction/add')?.headers['Idempotency-Key']).toBe(kept?.key);
    await waitFor(() => expect(screen.queryByTestId('waiting-summary')).toBeNull());
    expect(await entriesOf('1')).toEqual([]);
  });

  it('lists a conflict beside the row as it is now; Apply mine sends it again on the new version', async () => {
    await addEntry(conflict('c1'));
    const calls = api({
      'POST transaction/update': (body) => ({ status: 200, body: { ...ROW, ...(body as object) } }),
    });
    renderApp('/private/transactions/decisions');
    // The header's badge says so on every screen.
    expect(await screen.findByRole('link', { name: '1 entry needs your decision' })).toBeTruthy();
    const card = (await screen.findByText('Your change')).closest('[data-decision]') as HTMLElement;
    expect(within(card).getByText('Now on the server')).toBeTruthy();
    expect(within(card).getByText('Market (fixed)')).toBeTruthy();
    expect(within(card).getByText(formatMoney(-35, 'EUR'))).toBeTruthy();
    expect(within(card).getByText(formatMoney(-25, 'EUR'))).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Apply mine' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST transaction/update')).toHaveLength(1));
    const sent = calls.find((c) => c.key === 'POST transaction/update');
    expect(sent?.body).toMatchObject({ id: 7, amount: '25', version: 2 });
    expect(sent?.headers['Idempotency-Key']).not.toBe('c1');
    await waitFor(async () => expect(await entriesOf('1')).toEqual([]));
    expect(await screen.findByText('Nothing needs your decision.')).toBeTruthy();
  });

  it('Discard mine forgets the change and sends nothing; a refusal shows the server message', async () => {
    await addEntry(conflict('c1'));
    await addEntry({
      ...conflict('r1'),
      kind: 'transaction-add',
      path: 'transaction/add',
      body: { amount: '5', currency: 'XAU', categoryId: 3, description: 'Gold', time: '2026-03-02T10:00:00Z' },
      state: 'refused',
      lastError: 'No rate for XAU on 2026-03-02',
    });
    const calls = api();
    renderApp('/private/transactions/decisions');
    const refused = (await screen.findByText('No rate for XAU on 2026-03-02')).closest(
      '[data-decision]',
    ) as HTMLElement;
    expect(within(refused).getByRole('button', { name: 'Edit' })).toBeTruthy();
    const card = screen.getByText('Market (fixed)').closest('[data-decision]') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Discard mine' }));
    await waitFor(async () => expect((await entriesOf('1')).map((e) => e.key)).toEqual(['r1']));
    await waitFor(() => expect(screen.queryByText('Market (fixed)')).toBeNull());
    expect(calls.some((c) => c.key.startsWith('POST transaction/'))).toBe(false);
  });
});

describe('a refused entry', () => {
  it('opens in its form, prefilled; saved, it is queued again under a new key and sent', async () => {
    await addEntry({
      ...conflict('r1'),
      kind: 'transaction-add',
      path: 'transaction/add',
      body: { amount: '5', currency: 'EUR', categoryId: 3, description: 'Gold', time: '2026-03-02T10:00:00.000Z' },
      state: 'refused',
      lastError: 'Category 3 is closed',
    });
    const calls = api({ 'POST transaction/add': (body) => ({ status: 200, body: { ...ROW, ...(body as object) } }) });
    renderApp('/private/transactions/decisions/r1');
    const description = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    expect(description.value).toBe('Gold');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Amount/ }).value).toBe('5');
    fireEvent.change(description, { target: { value: 'Gold coin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST transaction/add')).toHaveLength(1));
    const sent = calls.find((c) => c.key === 'POST transaction/add');
    expect(sent?.body).toMatchObject({ amount: '5', description: 'Gold coin' });
    expect(sent?.headers['Idempotency-Key']).not.toBe('r1');
    await waitFor(async () => expect(await entriesOf('1')).toEqual([]));
  });
});
