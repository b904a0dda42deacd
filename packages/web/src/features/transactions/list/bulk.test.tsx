import type { Category, Transaction } from '@kassa/contract';
import { MAX_LIST_ROWS } from '@kassa/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { PAGE_SIZE } from '../api';

const cat = (id: number, name: string, type: Category['type'], isIncome: boolean | null, isActive = true) =>
  ({ id, name, type, description: '', isIncome, isBuiltIn: false, isActive, monthlyLimit: null }) as Category;
const CATEGORIES = [
  cat(1, 'Groceries', 'real', false),
  cat(2, 'Eating out', 'real', false),
  cat(3, 'Salary', 'real', true),
  cat(4, 'Closed loan', 'loan', null, false),
];
const tx = (id: number, over: Partial<Transaction> = {}): Transaction => ({
  id,
  version: 1,
  isIncome: false,
  amount: id,
  currency: 'EUR',
  categoryId: 1,
  description: `Row ${id}`,
  time: new Date(Date.UTC(2026, 4, 1, 12) - id * 60_000).toISOString(),
  categType: 'real',
  type: null,
  rowType: 'transaction',
  ...over,
});
const ROWS = [1, 2, 3, 4, 5].map((id) => tx(id));

function api(rows: Transaction[], extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET category/getall': { status: 200, body: CATEGORIES },
    'GET category/get-external': { status: 200, body: [] },
    'POST transaction/getfiltered': (body) => {
      const { limit, after } = body as { limit?: number; after?: { id: number } };
      const from = after === undefined ? 0 : rows.findIndex((t) => t.id === after.id) + 1;
      return { status: 200, body: rows.slice(from, from + (limit ?? MAX_LIST_ROWS)) };
    },
    'POST conversion/getbetween': { status: 200, body: [] },
    'POST fixpoint/getbetween': { status: 200, body: [] },
    'POST transaction/bulk': (body) => ({
      status: 200,
      body: { count: (body as { ids: number[] }).ids.length, undo: 'bulk-token' },
    }),
    'POST undo/bulk-token': { status: 200, body: { count: 3 } },
    ...extra,
  });
}

const box = (name: string) => screen.findByRole('checkbox', { name: `Select ${name}` });
/** A click as a user makes it, on the checkbox (the cell's handler sees Shift). */
const click = async (name: string, shiftKey = false) => fireEvent.click(await box(name), { shiftKey });
const bulkBodies = (calls: { key: string; body: unknown }[]) =>
  calls.filter((c) => c.key === 'POST transaction/bulk').map((c) => c.body);

describe('bulk edit in the transaction list', () => {
  beforeEach(() => setToken(fakeToken()));

  it('selects a range with Shift, changes its category and undoes it from the toast', async () => {
    const calls = api(ROWS);
    renderApp('/private/transactions');
    await click('Row 2');
    await click('Row 4', true);
    expect(await screen.findByText('3 selected')).toBeTruthy();
    expect((await box('Row 3')) as HTMLInputElement).toHaveProperty('checked', true);
    expect((await box('Row 5')) as HTMLInputElement).toHaveProperty('checked', false);

    fireEvent.click(screen.getByRole('button', { name: 'Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the category of 3 transactions' });
    // Only the categories that fit the rows: expenses, not income nor a closed loan.
    const input = within(dialog).getByRole('combobox', { name: 'New category' });
    fireEvent.click(input);
    const listbox = await waitFor(() => {
      const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
      expect(list?.querySelector('[role="option"]')).toBeTruthy();
      return list as HTMLElement;
    });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Groceries', 'Eating out']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Eating out', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Category changed on 3 transactions')).toBeTruthy();
    expect(bulkBodies(calls)).toEqual([{ ids: [2, 3, 4], action: 'update', changes: { categoryId: 2 } }]);
    // The selection is done with.
    await waitFor(() => expect(screen.queryByText('3 selected')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: 3 transactions are back as they were')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST undo/bulk-token')).toBe(true);
  });

  it('changes the description, and deletes after the confirmation', async () => {
    const calls = api(ROWS);
    renderApp('/private/transactions');
    await click('Row 1');
    await click('Row 5');
    fireEvent.click(screen.getByRole('button', { name: 'Description' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the description of 2 transactions' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /New description/ }), {
      target: { value: ' Market ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Description changed on 2 transactions')).toBeTruthy();

    await click('Row 3');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('1 transaction will be deleted.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('1 transaction deleted')).toBeTruthy();
    expect(bulkBodies(calls)).toEqual([
      { ids: [1, 5], action: 'update', changes: { description: 'Market' } },
      { ids: [3], action: 'delete' },
    ]);
  });

  it('selects every transaction matching the filter, page by page, but not frozen ones', async () => {
    const many = Array.from({ length: PAGE_SIZE + 7 }, (_, i) =>
      tx(i + 1, i === PAGE_SIZE + 2 ? { categoryId: 4, categType: 'loan' } : {}),
    );
    const calls = api(many);
    renderApp('/private/transactions');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select every transaction shown' }));
    expect(await screen.findByText(`${PAGE_SIZE} selected`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all transactions' }));
    expect(await screen.findByText(`All ${PAGE_SIZE + 6} transactions are selected.`)).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST transaction/getfiltered').at(-1)?.body).toMatchObject({
      limit: MAX_LIST_ROWS,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(`${PAGE_SIZE + 6} transactions deleted`)).toBeTruthy();
    const [body] = bulkBodies(calls) as { ids: number[] }[];
    expect(body?.ids).toHaveLength(PAGE_SIZE + 6);
    expect(body?.ids).not.toContain(PAGE_SIZE + 3);
  });
});
