import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPlainKey } from '../../lib/keyboard';
import { setToken } from '../../lib/token';
import { testCategory } from '../../test/fixtures';
import { fakeToken, renderApp, stubApi } from '../../test/render';

const GROCERIES = testCategory(1, 'Groceries', 'real', false);

function api() {
  return stubApi({
    'GET category/getall': { status: 200, body: [GROCERIES] },
    'GET category/get-external': { status: 200, body: [] },
    'GET currency/usersall': { status: 200, body: [{ code: 'EUR', lastUsed: '2026-01-01' }] },
    'GET fixpoint/getlast': { status: 200, body: null },
    'POST transaction/add': (body) => ({
      status: 200,
      body: {
        id: 5,
        isIncome: false,
        amount: 7,
        currency: 'EUR',
        categoryId: 1,
        description: '',
        time: '2026-03-01T10:00:00Z',
        categType: 'real',
        type: null,
        rowType: 'transaction',
        ...(body as object),
      },
    }),
  });
}

const key = (k: string, extra: Partial<KeyboardEventInit> = {}) => ({ key: k, ...extra });

describe('keyboard (issue 20)', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(cleanup);

  it('tells a one-key shortcut from typing and from a modified key', () => {
    const input = document.createElement('input');
    const plain = { key: 'n', ctrlKey: false, metaKey: false, altKey: false, target: document.body };
    expect(isPlainKey(plain, 'n')).toBe(true);
    expect(isPlainKey({ ...plain, target: input }, 'n')).toBe(false);
    expect(isPlainKey({ ...plain, ctrlKey: true }, 'n')).toBe(false);
    expect(isPlainKey({ ...plain, key: 'm' }, 'n')).toBe(false);
  });

  it('saves the form with Ctrl+Enter from the description, checking required fields first', async () => {
    const calls = api();
    renderApp('/private/add-transaction');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Category/ }).value).toBe('Groceries'),
    );
    // No amount yet: the browser refuses the submit, nothing is sent.
    fireEvent.keyDown(description, key('Enter', { ctrlKey: true }));
    expect(calls.some((c) => c.key === 'POST transaction/add')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /^Amount/ }), { target: { value: '7' } });
    fireEvent.change(description, { target: { value: 'Bakery' } });
    fireEvent.keyDown(description, key('Enter', { ctrlKey: true }));
    expect(await screen.findByText('Transaction added (7.00 €)')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST transaction/add')?.body).toMatchObject({
      amount: '7',
      description: 'Bakery',
    });
  });

  it('cancels with Esc: a page opened directly goes to the dashboard', async () => {
    api();
    const router = renderApp('/private/add-transaction/income');
    fireEvent.keyDown(await screen.findByRole('textbox', { name: /^Amount/ }), key('Escape'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/dashboard'));
  });

  it('opens a new transaction with n and lists the shortcuts with ?', async () => {
    api();
    const router = renderApp('/private/add-transaction/income');
    await screen.findByRole('textbox', { name: /^Amount/ });
    fireEvent.keyDown(document.body, key('?', { shiftKey: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toContain('New transaction');
    expect(dialog.textContent).toContain('Search transactions');
    fireEvent.keyDown(document.body, key('n'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/add-transaction'));
    // Typed into a field, n is a letter.
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    void router.navigate('/private/add-transaction/income');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/add-transaction/income'));
    fireEvent.keyDown(amount, key('n'));
    expect(router.state.location.pathname).toBe('/private/add-transaction/income');
  });
});
