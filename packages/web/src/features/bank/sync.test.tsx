import type { BankConnection, BankPendingRow, BankSyncResult } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { account, CONNECTION, POCKETS } from './test-fixtures';

// Issue 35, a connection's card: its accounts and figures, Sync now with its counts and anchors,
// the server's refusals (409, 429), pause, pending in available, remove, pending rows and the log.

const SYNCED: BankSyncResult = {
  batchId: 91,
  counts: { new: 4, pending: 1, posted: 2, duplicate: 3 },
  anchors: [
    { pocketId: 1, date: '2026-03-31', balance: 1234.56, error: 0 },
    { pocketId: 3, date: '2026-03-31', balance: 500, error: -12.5 },
  ],
};

const PENDING: BankPendingRow[] = [
  {
    id: 1,
    accountId: 'usd-1',
    pocketId: 3,
    date: '2026-03-30',
    amount: -45.5,
    currency: 'USD',
    payee: 'Corner Store',
    description: 'Card',
    status: 'pending',
    note: null,
    transactionId: null,
  },
  {
    id: 2,
    accountId: 'usd-1',
    pocketId: 3,
    date: '2026-03-20',
    amount: -9.99,
    currency: 'USD',
    payee: 'Streaming',
    description: '',
    status: 'expired',
    note: 'not booked: the bank stopped listing it on 2026-03-28',
    transactionId: null,
  },
];

function api(connection: BankConnection, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET pocket/getall': { status: 200, body: POCKETS },
    'GET bank/connection/getall': { status: 200, body: [connection] },
    'GET bank/enablebanking/available': { status: 200, body: { available: false } },
    ...extra,
  });
}

const card = () => screen.findByRole('region', { name: 'First Bank' });
const figure = (accountName: string, name: string) =>
  within(screen.getByRole('listitem', { name: accountName })).getByText(
    (_, el) => el?.getAttribute('data-figure') === name,
  ).textContent;

describe('a bank connection’s card', () => {
  beforeEach(() => setToken(fakeToken()));

  it('shows each account’s pocket, bank balance, pending rows and available', async () => {
    api({ ...CONNECTION, lastError: 'The bank did not answer in time', retryAfter: '2999-01-01T10:00:00Z' });
    renderApp('/private/manage/bank');
    const c = await card();
    expect(within(c).getByText('SimpleFIN')).toBeTruthy();
    expect(within(c).getByText('Active')).toBeTruthy();
    expect(within(c).getByText('Last error: The bank did not answer in time')).toBeTruthy();
    expect(within(c).getByText(/^The bank asked Kassa to wait: no sync before 2999\.01\.01\./)).toBeTruthy();
    expect(await within(c).findByText('→ Girokonto')).toBeTruthy();
    expect(within(c).getByText('→ US Checking')).toBeTruthy();
    expect(figure('Euro account', 'balance')).toBe('1 234.56 €');
    expect(figure('Everyday Checking', 'balance')).toBe('$500.00');
    expect(within(c).getByText('Pending (2 rows)')).toBeTruthy();
    expect(figure('Everyday Checking', 'pending')).toBe('- $45.50');
    expect(figure('Everyday Checking', 'available')).toBe('$500.00');
  });

  it('syncs now, busy meanwhile, then shows the counts and each anchor against the books', async () => {
    let answer: (value: Response) => void = () => undefined;
    const calls = api(CONNECTION, { 'POST bank/connection/sync/5': { status: 200, body: SYNCED } });
    // The sync waits until the test lets it answer, so the busy state can be seen.
    const stubbed = globalThis.fetch;
    globalThis.fetch = (input, init) =>
      (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).endsWith(
        'bank/connection/sync/5',
      )
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : stubbed(input, init);
    renderApp('/private/manage/bank');
    const c = await card();
    const button = within(c).getByRole('button', { name: 'Sync First Bank now' });
    fireEvent.click(button);
    expect(await within(c).findByText('Reading First Bank at the bank…')).toBeTruthy();
    expect(button.getAttribute('data-loading')).toBe('true');
    answer(new Response(JSON.stringify(SYNCED), { status: 200 }));

    const result = await within(c).findByText('Sync done');
    const box = result.closest('[data-sync-result]') as HTMLElement;
    expect(within(box).getByText('4 new, 1 pending, 2 posted, 3 duplicates')).toBeTruthy();
    expect(within(box).getByText('Girokonto: 1 234.56 € on 2026.03.31., matches the bank')).toBeTruthy();
    expect(
      within(box).getByText('US Checking: $500.00 on 2026.03.31., the bank shows $12.50 less than Kassa'),
    ).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'See it in the import history' }).getAttribute('href')).toBe(
      '/private/import',
    );
    // The connection (its log) is read again.
    await waitFor(() => expect(calls.filter((x) => x.key === 'GET bank/connection/getall').length).toBeGreaterThan(1));
  });

  it('shows the server’s message of a refused sync: a 409, and a 429 with its wait', async () => {
    let status = 409;
    api(CONNECTION, {
      'POST bank/connection/sync/5': () =>
        status === 409
          ? { status, body: { type: 'conflict', message: 'The bank’s consent has expired: connect again' } }
          : {
              status,
              body: { type: 'rate_limited', message: 'The bank asks Kassa to wait before the next sync' },
              headers: { 'retry-after': '120' },
            },
    });
    renderApp('/private/manage/bank');
    const c = await card();
    fireEvent.click(within(c).getByRole('button', { name: 'Sync First Bank now' }));
    expect((await within(c).findByRole('alert')).textContent).toBe('The bank’s consent has expired: connect again');
    status = 429;
    fireEvent.click(within(c).getByRole('button', { name: 'Sync First Bank now' }));
    await waitFor(() =>
      expect(within(c).getByRole('alert').textContent).toBe(
        'The bank asks Kassa to wait before the next sync (try again in 2 minutes)',
      ),
    );
    // Shown where the button is, not as a toast.
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('pauses, counts pending in available, and removes after asking', async () => {
    let removed = false;
    const calls = api(CONNECTION, {
      'GET bank/connection/getall': () => ({ status: 200, body: removed ? [] : [CONNECTION] }),
      'POST bank/connection/update/5': (body) => ({ status: 200, body: { ...CONNECTION, ...(body as object) } }),
      'DELETE bank/connection/delete/5': () => {
        removed = true;
        return { status: 204, body: '' };
      },
    });
    renderApp('/private/manage/bank');
    const c = await card();
    fireEvent.click(within(c).getByRole('button', { name: 'Pause First Bank' }));
    await waitFor(() =>
      expect(calls.find((x) => x.key === 'POST bank/connection/update/5')?.body).toEqual({ paused: true }),
    );
    fireEvent.click(within(c).getByRole('switch', { name: 'Count pending in available' }));
    await waitFor(() =>
      expect(calls.filter((x) => x.key === 'POST bank/connection/update/5').at(-1)?.body).toEqual({
        pendingInAvailable: true,
      }),
    );
    fireEvent.click(within(c).getByRole('button', { name: 'Remove First Bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove First Bank?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.some((x) => x.key === 'DELETE bank/connection/delete/5')).toBe(true));
    expect(await screen.findByText('Connection removed')).toBeTruthy();
    expect(await screen.findByText('No bank connections yet.')).toBeTruthy();
  });

  it('offers Resume for a paused connection', async () => {
    const calls = api(
      { ...CONNECTION, status: 'paused' },
      { 'POST bank/connection/update/5': { status: 200, body: CONNECTION } },
    );
    renderApp('/private/manage/bank');
    const c = await card();
    expect(within(c).getByText('Paused')).toBeTruthy();
    fireEvent.click(within(c).getByRole('button', { name: 'Resume First Bank' }));
    await waitFor(() =>
      expect(calls.find((x) => x.key === 'POST bank/connection/update/5')?.body).toEqual({ paused: false }),
    );
  });

  it('opens the pending rows with their notes, and the sync log', async () => {
    const calls = api(CONNECTION, { 'GET bank/connection/pending/5': { status: 200, body: PENDING } });
    renderApp('/private/manage/bank');
    const c = await card();
    expect(calls.some((x) => x.key === 'GET bank/connection/pending/5')).toBe(false);
    fireEvent.click(within(c).getByRole('button', { name: 'Pending rows (2)' }));
    const rows = await within(c).findByRole('list', { name: 'Pending rows of First Bank' });
    const [pending, expired] = within(rows).getAllByRole('listitem');
    expect(pending?.textContent).toContain('Corner Store · Card');
    expect(pending?.textContent).toContain('- $45.50');
    expect(pending?.textContent).toContain('Pending');
    expect(expired?.textContent).toContain('not booked: the bank stopped listing it on 2026-03-28');
    expect(expired?.textContent).toContain('Expired');

    fireEvent.click(within(c).getByRole('button', { name: 'Sync log (1 sync)' }));
    const log = await within(c).findByRole('table', { name: 'Sync log of First Bank' });
    const heads = within(log)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual([
      'When',
      'Trigger',
      'New',
      'Pending',
      'Posted',
      'Duplicate',
      'Expired',
      'Anchor errors',
      'Error',
    ]);
    const cells = within(within(log).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((x) => x.textContent);
    expect(cells.slice(1)).toEqual(['Scheduled', '3', '2', '1', '0', '1', 'US Checking: + $2.50', '–']);
  });

  it('opens the mapping of a connection from Edit mapping, with its choices as they stand', async () => {
    const calls = api(
      {
        ...CONNECTION,
        accounts: [...CONNECTION.accounts, account({ accountId: 'card', name: 'Visa', currency: 'USD' })],
      },
      { 'POST bank/connection/map/5': { status: 200, body: CONNECTION } },
    );
    renderApp('/private/manage/bank');
    const c = await card();
    fireEvent.click(within(c).getByRole('button', { name: 'Edit the mapping of First Bank' }));
    const form = await within(c).findByRole('form', { name: 'Map accounts to pockets' });
    const field = (name: string) =>
      within(within(form).getByRole('group', { name })).getByRole<HTMLInputElement>('combobox', {
        name: 'Sync into',
      });
    expect(field('Everyday Checking').value).toBe('US Checking');
    // Left out by the earlier mapping: it stays out until the user picks a pocket.
    expect(field('Visa').value).toBe("Don't sync");
    fireEvent.click(within(form).getByRole('button', { name: 'Save mapping' }));
    await waitFor(() =>
      expect(calls.find((x) => x.key === 'POST bank/connection/map/5')?.body).toEqual({
        accounts: [
          { accountId: 'eur-1', pocketId: 1 },
          { accountId: 'usd-1', pocketId: 3 },
          { accountId: 'card', pocketId: null },
        ],
      }),
    );
    expect(await within(c).findByRole('button', { name: 'Sync First Bank now' })).toBeTruthy();
  });
});
