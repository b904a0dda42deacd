import type { BookMembers, BookSummary, SettleUp, Settlement } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOK_KEY } from '../../lib/book';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

// Issue 34, settling up: the Settle-up screen of a shared book, its nav entry, Record, the form
// for another settlement, deleting one, the empty state and what a viewer is offered.

const OWN: BookSummary = { bookId: 1, ownerName: 'Ada L', role: 'owner', isOwn: true, mainCurrency: 'EUR' };
const MEMBERS: BookMembers = {
  bookId: 1,
  members: [
    { userId: 1, name: 'Ada L', email: 'ada@example.com', role: 'owner' },
    { userId: 2, name: 'Bo Berg', email: 'bo@example.com', role: 'editor' },
  ],
  invites: [],
};
const SETTLEMENT: Settlement = {
  id: 9,
  fromUserId: 2,
  toUserId: 1,
  amount: 10,
  currency: 'USD',
  convertedAmount: 9.2,
  time: '2026-03-05T12:00:00Z',
  description: 'Cash',
  createdBy: { userId: 2, name: 'Bo Berg' },
};
/** Ada paid 60 € of groceries split equally and $30 of fuel Bo paid, split equally; Bo gave her $10. */
const OPEN: SettleUp = {
  mainCurrency: 'EUR',
  expenses: 2,
  members: [
    {
      userId: 1,
      name: 'Ada L',
      isMember: true,
      paid: [{ currency: 'EUR', amount: 60 }],
      share: [
        { currency: 'EUR', amount: 30 },
        { currency: 'USD', amount: 15 },
      ],
      settled: [{ currency: 'USD', amount: -10 }],
      balance: [
        { currency: 'EUR', amount: 30 },
        { currency: 'USD', amount: -25 },
      ],
      main: { paid: 60, share: 43.8, settled: -9.2, balance: 7 },
    },
    {
      userId: 2,
      name: 'Bo Berg',
      isMember: true,
      paid: [{ currency: 'USD', amount: 30 }],
      share: [
        { currency: 'EUR', amount: 30 },
        { currency: 'USD', amount: 15 },
      ],
      settled: [{ currency: 'USD', amount: 10 }],
      balance: [
        { currency: 'EUR', amount: -30 },
        { currency: 'USD', amount: 25 },
      ],
      main: { paid: 27.6, share: 43.8, settled: 9.2, balance: -7 },
    },
  ],
  transfers: [{ fromUserId: 2, toUserId: 1, amount: 7, currency: 'EUR' }],
  settlements: [SETTLEMENT],
};
const SETTLED: SettleUp = {
  ...OPEN,
  members: OPEN.members.map((m) => ({ ...m, main: { ...m.main, balance: 0 } })),
  transfers: [],
};

function api(answer: () => SettleUp, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET book/getall': { status: 200, body: [OWN] },
    'GET book/members': { status: 200, body: MEMBERS },
    'GET currency/usersall': {
      status: 200,
      body: [
        { code: 'EUR', lastUsed: '2026-01-02' },
        { code: 'USD', lastUsed: '2026-01-01' },
      ],
    },
    'POST analytics/settle-up': () => ({ status: 200, body: answer() }),
    ...extra,
  });
}

const card = (name: string) =>
  within(screen.getByRole('list', { name: "Members' balances" })).getByRole('listitem', { name });
const balanceOf = (name: string) => card(name).querySelector('[data-balance]')?.textContent;
const settleUpCalls = (calls: ReturnType<typeof api>) => calls.filter((c) => c.key === 'POST analytics/settle-up');

/** Picks an option of a select (its listbox is found by the field's aria-controls). */
async function choose(name: string, option: string) {
  const field = screen.getByRole('combobox', { name });
  fireEvent.click(field);
  const listbox = await waitFor(() => {
    const list = document.getElementById(field.getAttribute('aria-controls') ?? '');
    expect(list?.querySelector('[role="option"]')).toBeTruthy();
    return list as HTMLElement;
  });
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

describe('the Settle-up screen', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is in the sidebar only in a book more than one person may open', async () => {
    api(() => OPEN, {
      'GET book/members': { status: 200, body: { ...MEMBERS, members: MEMBERS.members.slice(0, 1) } },
    });
    renderApp('/private/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    await within(nav).findByRole('link', { name: 'Budgets' });
    expect(within(nav).queryByRole('link', { name: 'Settle up' })).toBeNull();
  });

  it('shows each member’s balance, share and paid in the main currency, per currency beneath, from all of time', async () => {
    const calls = api(() => OPEN);
    renderApp('/private/settle-up');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect((await within(nav).findByRole('link', { name: 'Settle up' })).getAttribute('href')).toBe(
      '/private/settle-up',
    );
    await waitFor(() => expect(balanceOf('Ada L')).toBe('is owed 7.00 €'));
    expect(balanceOf('Bo Berg')).toBe('owes 7.00 €');
    expect(card('Ada L').textContent).toContain('(you)');
    expect(card('Bo Berg').textContent).toContain('27.60 €');
    expect(card('Bo Berg').querySelector('[data-currency-lines]')?.textContent).toContain(
      'USD: paid $30.00, share $15.00, settled $10.00, balance $25.00',
    );
    expect(
      screen.getByRole('img', { name: /^Balances in EUR: Ada L is owed 7.00 €; Bo Berg owes 7.00 €/ }),
    ).toBeTruthy();
    // All of time: from the first day of 2000.
    const interval = (settleUpCalls(calls)[0]?.body as { interval: { start: string } }).interval;
    expect(new Date(interval.start)).toEqual(new Date(2000, 0, 1));
    const recorded = screen.getByRole('list', { name: 'Recorded settlements' });
    expect(within(recorded).getByRole('listitem').textContent).toContain('Bo Berg → Ada L: $10.00 (9.20 €)');
  });

  it('records a suggested payment and reads the balances again', async () => {
    let answer = OPEN;
    const calls = api(() => answer, {
      'POST settlement/add': (body) => {
        answer = SETTLED;
        return { status: 200, body: { ...SETTLEMENT, ...(body as object), id: 10, convertedAmount: 7 } };
      },
    });
    renderApp('/private/settle-up');
    const payments = await screen.findByRole('list', { name: 'Suggested payments' });
    expect(within(payments).getByRole('listitem').textContent).toContain('Bo Berg pays Ada L 7.00 €');
    fireEvent.click(within(payments).getByRole('button', { name: 'Record: Bo Berg pays Ada L 7.00 €' }));
    expect(await screen.findByText('Recorded: Bo Berg pays Ada L 7.00 €')).toBeTruthy();
    const sent = calls.find((c) => c.key === 'POST settlement/add')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ fromUserId: 2, toUserId: 1, amount: 7, currency: 'EUR' });
    expect(Math.abs(Date.parse(String(sent['time'])) - Date.now())).toBeLessThan(60_000);
    await waitFor(() => expect(balanceOf('Ada L')).toBe('is settled up'));
    expect(balanceOf('Bo Berg')).toBe('is settled up');
    expect(screen.getByText('Everyone is settled up: no payments needed.')).toBeTruthy();
    // Bars of nothing are left out once every balance is 0.
    expect(screen.queryByRole('img', { name: /^Balances in EUR/ })).toBeNull();
    expect(settleUpCalls(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('records another settlement in any currency of the book, and deletes one after asking', async () => {
    const calls = api(() => OPEN, {
      'POST settlement/add': (body) => ({
        status: 200,
        body: { ...SETTLEMENT, ...(body as object), amount: 12.5, id: 11 },
      }),
      'DELETE settlement/delete/9': { status: 204, body: '' },
    });
    renderApp('/private/settle-up');
    const form = await screen.findByRole('form', { name: 'Record a settlement' });
    expect(within(form).getByRole<HTMLInputElement>('combobox', { name: /^From/ }).value).toBe('Ada L');
    expect(within(form).getByRole<HTMLInputElement>('combobox', { name: /^To/ }).value).toBe('Bo Berg');
    await choose('Currency', 'USD');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Amount/ }), { target: { value: '12,50' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note' }), { target: { value: 'Taxi' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record settlement' }));
    expect(await screen.findByText('Settlement recorded ($12.50)')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST settlement/add')?.body).toMatchObject({
      fromUserId: 1,
      toUserId: 2,
      amount: '12.50',
      currency: 'USD',
      description: 'Taxi',
    });

    const recorded = screen.getByRole('list', { name: 'Recorded settlements' });
    fireEvent.click(
      within(recorded).getByRole('button', { name: /^Delete the settlement: Bo Berg paid Ada L \$10.00/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this settlement?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Settlement deleted')).toBeTruthy();
    expect(calls.some((c) => c.key === 'DELETE settlement/delete/9')).toBe(true);
  });

  it('says what to do when the interval has no split expense', async () => {
    api(() => ({ ...OPEN, expenses: 0, settlements: [], transfers: [] }));
    renderApp('/private/settle-up');
    expect(await screen.findByText('No split expenses in this interval')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter a split expense' }).getAttribute('href')).toBe(
      '/private/add-transaction/expense',
    );
    expect(screen.queryByRole('list', { name: "Members' balances" })).toBeNull();
  });

  it('offers a viewer the figures but no Record, form or delete', async () => {
    localStorage.setItem(BOOK_KEY, JSON.stringify({ user: '1', book: 7, name: "Anna Kovács's books" }));
    api(() => OPEN, {
      'GET book/getall': {
        status: 200,
        body: [OWN, { bookId: 7, ownerName: 'Anna Kovács', role: 'viewer', isOwn: false, mainCurrency: 'EUR' }],
      },
    });
    renderApp('/private/settle-up');
    await waitFor(() => expect(balanceOf('Ada L')).toBe('is owed 7.00 €'));
    expect(screen.getByRole('list', { name: 'Suggested payments' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Record/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Record a settlement' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete the settlement/ })).toBeNull();
  });
});
