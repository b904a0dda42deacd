import type { BookMembers, Transaction } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { testCategory } from '../../test/fixtures';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

// Shared books (issue 34): an expense of a book with more than one person can be split among its
// members, each part shown live by the server's rule, and an edit shows and ends a stored split.

const CATEGORIES = [testCategory(1, 'Groceries', 'real', false), testCategory(2, 'Salary', 'real', true)];
const SHARED: BookMembers = {
  bookId: 1,
  members: [
    { userId: 1, name: 'Ada L', email: 'ada@example.com', role: 'owner' },
    { userId: 2, name: 'Bo Berg', email: 'bo@example.com', role: 'editor' },
  ],
  invites: [],
};
const TX: Transaction = {
  id: 77,
  version: 1,
  isIncome: false,
  amount: 30,
  currency: 'EUR',
  categoryId: 1,
  description: 'Market',
  time: '2026-03-01T10:00:00Z',
  categType: 'real',
  type: null,
  rowType: 'transaction',
  createdBy: { userId: 1, name: 'Ada L' },
};

function api(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET category/getall': { status: 200, body: CATEGORIES },
    'GET category/get-external': { status: 200, body: [] },
    'GET currency/usersall': { status: 200, body: [{ code: 'EUR', lastUsed: '2026-01-01' }] },
    'GET fixpoint/getlast': { status: 200, body: { id: 1, time: '2026-01-01T00:00:00Z' } },
    'GET book/members': { status: 200, body: SHARED },
    'POST transaction/add': (body) => ({ status: 200, body: { ...TX, ...(body as object), amount: 10, id: 80 } }),
    'POST transaction/update': (body) => ({ status: 200, body: { ...TX, ...(body as object), amount: 30 } }),
    ...extra,
  });
}

const amountField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Amount/ });
const shares = () => screen.getByRole('list', { name: 'Shares of the members' });
const partOf = (name: string) =>
  within(shares()).getByRole('listitem', { name }).querySelector('[data-part]')?.textContent;
const sentBody = (calls: ReturnType<typeof api>, key: string) =>
  calls.find((c) => c.key === key)?.body as Record<string, unknown> | undefined;

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

async function categoryChosen() {
  await waitFor(() =>
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Category/ }).value).toBe('Groceries'),
  );
}

describe('the split of a shared book’s expense', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is not offered in a book nobody else may open', async () => {
    api({ 'GET book/members': { status: 200, body: { ...SHARED, members: SHARED.members.slice(0, 1) } } });
    renderApp('/private/add-transaction/expense');
    await categoryChosen();
    await screen.findByRole('textbox', { name: 'Description' });
    expect(screen.queryByRole('switch', { name: /Split with others/ })).toBeNull();
    expect(screen.queryByText('Paid by')).toBeNull();
  });

  it('starts on for a new expense, equal among everyone and paid by me, with each part exact to the cent', async () => {
    const calls = api();
    renderApp('/private/add-transaction/expense');
    await categoryChosen();
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: /Split with others/ });
    expect(toggle.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Paid by' }).value).toBe('Ada L');
    // 10.01 in two: 5.00 each and a cent left, which goes to the lower user id.
    fireEvent.change(amountField(), { target: { value: '10.01' } });
    expect(partOf('Ada L')).toBe('5.01 €');
    expect(partOf('Bo Berg')).toBe('5.00 €');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Transaction added/);
    expect(sentBody(calls, 'POST transaction/add')).toMatchObject({
      amount: '10.01',
      paidBy: 1,
      shares: [
        { userId: 1, weight: 1 },
        { userId: 2, weight: 1 },
      ],
    });
  });

  it('splits by weights, paid by another member, and leaves out who is unticked', async () => {
    const calls = api();
    renderApp('/private/add-transaction/expense');
    await categoryChosen();
    await screen.findByRole('switch', { name: /Split with others/ });
    fireEvent.change(amountField(), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('radio', { name: 'By weights' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Weight of Bo Berg' }), { target: { value: '3' } });
    await waitFor(() => expect(partOf('Bo Berg')).toBe('7.50 €'));
    expect(partOf('Ada L')).toBe('2.50 €');
    await choose('Paid by', 'Bo Berg');
    // Bo alone: the whole amount is his share, though he paid it.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ada L' }));
    expect(partOf('Bo Berg')).toBe('10.00 €');
    expect(partOf('Ada L')).toBe('—');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ada L' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Transaction added/);
    expect(sentBody(calls, 'POST transaction/add')).toMatchObject({
      paidBy: 2,
      shares: [
        { userId: 1, weight: 1 },
        { userId: 2, weight: 3 },
      ],
    });
  });

  it('refuses to save with nobody ticked, and sends no split once switched off', async () => {
    const calls = api();
    renderApp('/private/add-transaction/expense');
    await categoryChosen();
    await screen.findByRole('switch', { name: /Split with others/ });
    fireEvent.change(amountField(), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ada L' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bo Berg' }));
    expect(screen.getByRole('alert').textContent).toBe('Tick at least one member to share the expense');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.key === 'POST transaction/add')).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: /Split with others/ }));
    expect(screen.queryByRole('list', { name: 'Shares of the members' })).toBeNull();
    // The debounced Save takes a new click after 500 ms.
    await new Promise((resolve) => setTimeout(resolve, 550));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Transaction added/);
    const sent = sentBody(calls, 'POST transaction/add') ?? {};
    expect('shares' in sent).toBe(false);
    expect('paidBy' in sent).toBe(false);
  });

  it('is not offered for income', async () => {
    api();
    renderApp('/private/add-transaction/income');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Category/ }).value).toBe('Salary'),
    );
    expect(screen.queryByRole('switch', { name: /Split with others/ })).toBeNull();
  });

  it('shows a stored split when editing, and switching it off ends it (shares: null)', async () => {
    const calls = api({
      'GET transaction/getbyid/77': {
        status: 200,
        body: {
          ...TX,
          paidBy: 2,
          shares: [
            { userId: 1, weight: 1 },
            { userId: 2, weight: 2 },
          ],
        },
      },
    });
    renderApp('/private/edit-transaction/77');
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: /Split with others/ });
    expect(toggle.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Paid by' }).value).toBe('Bo Berg');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'By weights' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Weight of Bo Berg' }).value).toBe('2');
    expect(partOf('Ada L')).toBe('10.00 €');
    expect(partOf('Bo Berg')).toBe('20.00 €');
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Transaction edited');
    expect(sentBody(calls, 'POST transaction/update')).toMatchObject({ id: 77, paidBy: null, shares: null });
  });

  it('starts off when editing an expense that is not split, and sends nothing about it', async () => {
    const calls = api({ 'GET transaction/getbyid/77': { status: 200, body: TX } });
    renderApp('/private/edit-transaction/77');
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: /Split with others/ });
    expect(toggle.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Transaction edited');
    const sent = sentBody(calls, 'POST transaction/update') ?? {};
    expect('shares' in sent).toBe(false);
  });
});
