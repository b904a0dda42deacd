import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

  it('tells a one-key shortcut from typing, from a modified key and from a held key', async () => {
    api();
    const router = renderApp('/private/add-transaction/income');
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    // fireEvent answers false when a handler took the key (prevented its default).
    const taken = (target: Element, init: KeyboardEventInit) => !fireEvent.keyDown(target, init);
    expect(taken(amount, key('n'))).toBe(false);
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey', 'shiftKey'])
      expect(taken(document.body, key('n', { [modifier]: true })), modifier).toBe(false);
    expect(taken(document.body, key('N'))).toBe(false);
    expect(taken(document.body, key('m'))).toBe(false);
    expect(taken(document.body, key('n', { repeat: true }))).toBe(false);
    expect(taken(document.body, key('?', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(router.state.location.pathname).toBe('/private/add-transaction/income');
    // Another dialog open (here search) keeps its keys.
    expect(taken(document.body, key('/'))).toBe(true);
    const search = await screen.findByRole('textbox', { name: 'Search transactions and conversions' });
    expect(taken(document.body, key('n'))).toBe(false);
    expect(taken(document.body, key('?', { shiftKey: true }))).toBe(false);
    fireEvent.keyDown(search, key('Escape'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(taken(document.body, key('n'))).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/add-transaction'));
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
