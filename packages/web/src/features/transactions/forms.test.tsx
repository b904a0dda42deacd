import type { Transaction } from '@kassa/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { testCategory } from '../../test/fixtures';
import { fakeToken, renderApp, stubApi } from '../../test/render';

const cat = testCategory;
const CATEGORIES = [
  cat(1, 'Groceries', 'real', false),
  cat(2, 'Salary', 'real', true),
  cat(3, 'Lent to Ann', 'loan', null),
  cat(4, 'Closed loan', 'loan', null, false),
  cat(5, 'Coffee cart', 'business', null),
];
const EXTERNAL = [cat(9, 'Other external', 'external', null)];
const TX: Transaction = {
  id: 77,
  version: 1,
  isIncome: false,
  amount: 15.5,
  currency: 'EUR',
  categoryId: 1,
  description: 'Market',
  time: '2026-03-01T10:00:00Z',
  categType: 'real',
  type: null,
  rowType: 'transaction',
};

function api(extra: Parameters<typeof stubApi>[0] = {}, categories = CATEGORIES, currencies = ['EUR', 'USD']) {
  return stubApi({
    'GET category/getall': { status: 200, body: categories },
    'GET category/get-external': { status: 200, body: EXTERNAL },
    'GET currency/usersall': { status: 200, body: currencies.map((code) => ({ code, lastUsed: '2026-01-01' })) },
    'GET fixpoint/getlast': { status: 200, body: { id: 1, time: '2026-02-01T00:00:00Z' } },
    'POST transaction/add': (body) => ({ status: 200, body: { ...TX, ...(body as object), amount: 15.5, id: 80 } }),
    ...extra,
  });
}

const amountField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Amount/ });

describe('add-transaction forms (spec §2, §4, §5)', () => {
  beforeEach(() => setToken(fakeToken()));
  it('opens the expense tab by default and sends a real transaction without a direction', async () => {
    const calls = api();
    renderApp('/private/add-transaction');
    expect(await screen.findByRole('tab', { name: 'Expense', selected: true })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Direction' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Category/ }).value).toBe('Groceries'),
    );
    fireEvent.change(amountField(), { target: { value: '12.5+3' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Market' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transaction added (15.50 €)')).toBeTruthy();
    const sent = calls.find((c) => c.key === 'POST transaction/add')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      amount: '12.5+3',
      currency: 'EUR',
      categoryId: 1,
      description: 'Market',
      isIncome: null,
      type: null,
    });
    // The form resets: amount and description cleared.
    await waitFor(() => expect(amountField().value).toBe(''));
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' }).value).toBe('');
  });

  it('saves once for a double click (debounced 500 ms)', async () => {
    const calls = api();
    renderApp('/private/add-transaction/expense');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Category/ }).value).toBe('Groceries'),
    );
    fireEvent.change(amountField(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Transaction added/);
    expect(calls.filter((c) => c.key === 'POST transaction/add')).toHaveLength(1);
  });

  it.each([
    ['loan', 'IN', true],
    ['business', 'OUT', false],
    ['external', 'IN', true],
  ])('the %s tab shows the direction toggle defaulting to %s', async (kind, label, isIncome) => {
    const calls = api();
    renderApp(`/private/add-transaction/${kind}`);
    const radio = await screen.findByRole('radio', { name: label });
    expect((radio as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Category/ }).value).not.toBe(''),
    );
    fireEvent.change(amountField(), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Transaction added/);
    const sent = calls.find((c) => c.key === 'POST transaction/add')?.body as Record<string, unknown>;
    expect(sent['isIncome']).toBe(isIncome);
    expect(sent['type']).toBe(kind === 'business' ? 'invest' : null);
  });

  it('offers only active categories of the kind, and links to manage when there are none', async () => {
    api(
      {},
      CATEGORIES.filter((c) => c.type !== 'business'),
    );
    renderApp('/private/add-transaction/business');
    const link = await screen.findByRole('link', { name: 'Add active business categories to enable' });
    expect(link.getAttribute('href')).toBe('/private/manage/business');
  });

  it('needs two currencies for a conversion, and the second picker leaves out the first', async () => {
    api({}, CATEGORIES, ['EUR']);
    renderApp('/private/add-transaction/conversion');
    const link = await screen.findByRole('link', { name: 'Add currencies to enable' });
    expect(link.getAttribute('href')).toBe('/private/manage/currency');
    cleanup();
    api({}, CATEGORIES, ['EUR', 'USD', 'HUF']);
    renderApp('/private/add-transaction/conversion');
    const to = await screen.findByRole('combobox', { name: /To currency/ });
    await waitFor(() => expect((to as HTMLInputElement).value).toBe('USD'));
    fireEvent.click(to);
    const listbox = document.getElementById(to.getAttribute('aria-controls') ?? '');
    await waitFor(() => expect(listbox?.querySelectorAll('[role="option"]').length).toBe(2));
    const options = [...(listbox?.querySelectorAll('[role="option"]') ?? [])].map((o) => o.textContent);
    expect(options).toEqual(['USD', 'HUF']);
  });
});

describe('the transaction editor', () => {
  beforeEach(() => setToken(fakeToken()));
  it('warns about a transaction from before the last fixpoint and asks before saving', async () => {
    const calls = api({
      'GET transaction/getbyid/77': { status: 200, body: { ...TX, time: '2026-01-15T10:00:00Z' } },
      'POST transaction/update': (body) => ({ status: 200, body: { ...TX, ...(body as object) } }),
    });
    renderApp('/private/edit-transaction/77');
    expect(
      await screen.findByText('Warning: editing transactions from before the last fixpoint is not recommended!'),
    ).toBeTruthy();
    await waitFor(() => expect(amountField().value).toBe('15.5'));
    fireEvent.change(amountField(), { target: { value: '16' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes before fixpoints are not recommended')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await new Promise((r) => setTimeout(r, 600));
    expect(calls.filter((c) => c.key === 'POST transaction/update')).toHaveLength(0);
  });

  it('saves a new description of a transaction before the last fixpoint without asking (it moves no balance)', async () => {
    const calls = api({
      'GET fixpoint/getlast': { status: 200, body: { id: 1, time: '2026-02-01T00:00:00Z' } },
      'GET transaction/getbyid/77': { status: 200, body: { ...TX, time: '2026-01-15T10:00:00Z' } },
      'POST transaction/update': (body) => ({ status: 200, body: { ...TX, ...(body as object) } }),
    });
    renderApp('/private/edit-transaction/77');
    await waitFor(() => expect(amountField().value).toBe('15.5'));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Farmers market' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transaction edited')).toBeTruthy();
    expect(screen.queryByText('Changes before fixpoints are not recommended')).toBeNull();
    expect(calls.find((c) => c.key === 'POST transaction/update')?.body).toMatchObject({
      id: 77,
      description: 'Farmers market',
    });
  });

  it('edits a recent transaction without asking, sending its id', async () => {
    const calls = api({
      'GET transaction/getbyid/77': { status: 200, body: TX },
      'POST transaction/update': (body) => ({ status: 200, body: { ...TX, ...(body as object) } }),
    });
    renderApp('/private/edit-transaction/77');
    await waitFor(() => expect(amountField().value).toBe('15.5'));
    expect(screen.queryByText(/Warning: editing transactions/)).toBeNull();
    fireEvent.change(amountField(), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transaction edited')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST transaction/update')?.body).toMatchObject({ id: 77, amount: '20' });
  });

  it('keeps transactions of closed loan categories read-only', async () => {
    api({
      'GET transaction/getbyid/78': {
        status: 200,
        body: { ...TX, id: 78, categoryId: 4, categType: 'loan', isIncome: true },
      },
    });
    renderApp('/private/edit-transaction/78');
    expect(
      await screen.findByText('This transaction belongs to a closed category and can not be changed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes after the confirmation, and undoes from the toast', async () => {
    const calls = api({
      'GET transaction/getbyid/77': { status: 200, body: TX },
      'DELETE transaction/delete/77': { status: 200, body: { count: 1, undo: 'token-77' } },
      'POST undo/token-77': { status: 200, body: { count: 1 } },
    });
    renderApp('/private/edit-transaction/77');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Transaction deleted')).toBeTruthy();
    expect(calls.some((c) => c.key === 'DELETE transaction/delete/77')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST undo/token-77')).toBe(true);
  });

  it('goes back when the transaction can not be loaded', async () => {
    api({
      'GET transaction/getbyid/5': { status: 404, body: { type: 'not_found', message: 'Transaction not found' } },
    });
    const router = renderApp('/private/edit-transaction/5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/transactions'));
  });
});
