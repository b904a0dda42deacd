import { formatDate, formatTime } from '../../../lib/display-format';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeToken, renderApp, stubApi } from '../../../test/render';

const TIME = '2024-05-01T10:22:00.000Z';
const DETAIL = { id: 7, time: TIME, errors: [{ currency: 'EUR', stated: 1040, calculated: 1040, error: 0 }] };
const STATES = [
  {
    currency: 'EUR',
    items: [
      { fixpointId: 7, pocketId: 1, name: 'Wallet', isCash: true, balance: 40 },
      { fixpointId: 7, pocketId: 2, name: 'Bank', isCash: false, balance: 1000 },
    ],
  },
  {
    currency: 'HUF',
    items: [{ fixpointId: 7, pocketId: 3, name: 'Default pocket HUF', isCash: false, balance: 2500 }],
  },
];
const WARNING = 'Be careful! Only make changes or delete a fixpoint if you fully understand the consequences!';

function stubFixpoint(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET fixpoint/getbyid/7': { status: 200, body: DETAIL },
    'GET fixpoint/getstates/7': { status: 200, body: STATES },
    ...extra,
  });
}

describe('edit fixpoint (spec §2, §4 Edit fixpoint)', () => {
  beforeEach(() => localStorage.setItem('jwtToken', fakeToken()));
  afterEach(() => {
    window.history.replaceState(null, '');
  });

  it('views the date, hour and pocket states by currency with Back and Edit', async () => {
    stubFixpoint();
    renderApp('/private/edit-fixpoint/7');
    expect(await screen.findByText('Fixpoint was set on')).toBeTruthy();
    const at = new Date(TIME);
    expect(screen.getByRole('heading', { name: `${formatDate(at)} ${formatTime(at)}` })).toBeTruthy();
    const huf = document.querySelector('[data-currency="HUF"]') as HTMLElement;
    expect(within(huf).getByText('Default pocket HUF')).toBeTruthy();
    expect(within(huf).getByText('2 500.00 Ft')).toBeTruthy();
    expect(screen.getByText('1 000.00 €')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByText(WARNING)).toBeNull();
    expect(screen.queryByLabelText('Wallet')).toBeNull();
  });

  it('edits, confirms the change, sends every pocket state and goes back', async () => {
    const calls = stubFixpoint({ 'POST pocketstate/update': { status: 204, body: '' } });
    const router = renderApp('/private/edit-fixpoint/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByText(WARNING)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: '990.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('It is not recommended to change an existing fixpoint.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Fixpoint changed')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST pocketstate/update')?.body).toEqual([
      { fixpointId: 7, pocketId: 1, balance: '40' },
      { fixpointId: 7, pocketId: 2, balance: '990.5' },
      { fixpointId: 7, pocketId: 3, balance: '2500' },
    ]);
    // Opened directly, "back" is the transaction list, where fixpoints are listed.
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/transactions'));
  });

  it('changes nothing when the change is not confirmed', async () => {
    const calls = stubFixpoint();
    const router = renderApp('/private/edit-fixpoint/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.key === 'POST pocketstate/update')).toBe(false);
    expect(router.state.location.pathname).toBe('/private/edit-fixpoint/7');
  });

  it('deletes after its own warning and goes back', async () => {
    // As on the server, the deleted fixpoint is gone: asking for it again answers 404.
    let deleted = false;
    const gone = { status: 404, body: { type: 'not_found', message: 'Fixpoint 7 not found' } };
    const calls = stubFixpoint({
      'GET fixpoint/getbyid/7': () => (deleted ? gone : { status: 200, body: DETAIL }),
      'GET fixpoint/getstates/7': () => (deleted ? gone : { status: 200, body: STATES }),
      'DELETE fixpoint/delete/7': () => {
        deleted = true;
        return { status: 204, body: '' };
      },
    });
    const router = renderApp('/private/edit-fixpoint/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('It is not recommended to delete a fixpoint, and it can not be undone.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Fixpoint deleted')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'DELETE fixpoint/delete/7')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/transactions'));
    // The open editor's own queries are not fetched again after the delete, so no error shows.
    const deleteAt = calls.findIndex((c) => c.key === 'DELETE fixpoint/delete/7');
    expect(calls.slice(deleteAt).filter((c) => c.key.includes('fixpoint/get') && c.key.endsWith('/7'))).toEqual([]);
    expect(screen.queryByText('Fixpoint 7 not found')).toBeNull();
  });

  it('Back and Cancel return to the previous page', async () => {
    stubFixpoint();
    const router = renderApp('/private/operations/fixpoint');
    // useGoBack reads the browser history's index, which the memory router does not keep.
    window.history.replaceState({ idx: 1 }, '');
    await router.navigate('/private/edit-fixpoint/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/operations/fixpoint'));
    await router.navigate('/private/edit-fixpoint/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/operations/fixpoint'));
  });

  it('goes back when the fixpoint can not be loaded', async () => {
    stubApi({ 'GET fixpoint/getstates/9': { status: 200, body: STATES } });
    const router = renderApp('/private/edit-fixpoint/9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/transactions'));
    expect((await screen.findAllByText('Not found')).length).toBeGreaterThan(0);
  });
});
