import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { SUPPORTED, USER } from '../test/fixtures';

const owned = (...codes: string[]) => codes.map((code) => ({ code, lastUsed: '2026-11-01T10:00:00.000Z' }));

const base = {
  'GET account/userinfo': { status: 200, body: USER },
  'GET currency/supported': { status: 200, body: SUPPORTED },
  'GET exrate/get-daily': {
    status: 200,
    body: [
      { toCurrency: 'EUR', rate: 1, legs: [] },
      { toCurrency: 'HUF', rate: 401.25, legs: [] },
    ],
  },
};

/** Opens the currency picker and returns the options it offers. */
async function openPicker() {
  const picker = await screen.findByPlaceholderText('Choose a currency');
  fireEvent.click(picker);
  fireEvent.focus(picker);
  return picker;
}

describe('manage/currency', () => {
  beforeEach(() => setToken(fakeToken()));
  it('lists the user currencies with the daily rate, main currency first', async () => {
    stubApi({ ...base, 'GET currency/usersall': { status: 200, body: owned('HUF', 'EUR') } });
    renderApp('/private/manage/currency');
    const table = await screen.findByRole('table', { name: 'Your currencies' });
    expect(await within(table).findByText('1 EUR = 401.3 HUF')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-currency'))).toEqual(['EUR', 'HUF']);
    expect(within(rows[0] as HTMLElement).getByText('Main currency')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Hungarian forint')).toBeTruthy();
  });

  it('hides Add new when the user has every supported currency', async () => {
    stubApi({ ...base, 'GET currency/usersall': { status: 200, body: owned('EUR', 'USD', 'HUF') } });
    renderApp('/private/manage/currency');
    const table = await screen.findByRole('table', { name: 'Your currencies' });
    await within(table).findByText('US dollar');
    expect(screen.queryByRole('button', { name: 'Add new' })).toBeNull();
  });

  it('offers only missing currencies, pre-fills the default pocket, takes extra pockets and adds after confirmation', async () => {
    let currencies = owned('EUR', 'HUF');
    const calls = stubApi({
      ...base,
      'GET currency/usersall': () => ({ status: 200, body: currencies }),
      'POST currency/add': (body) => {
        currencies = [...currencies, ...owned((body as { currency: string }).currency)];
        return { status: 200, body: owned('USD')[0] };
      },
    });
    renderApp('/private/manage/currency');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new' }));
    const panel = await screen.findByTestId('add-currency-panel');
    await openPicker();
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['USD']);
    fireEvent.click(options[0] as HTMLElement);

    const first = await within(panel).findByLabelText<HTMLInputElement>('New pocket 1 name');
    expect(first.value).toBe('Default pocket USD');
    fireEvent.click(within(panel).getByRole('button', { name: 'Add another pocket' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Add currency' }));
    expect(await within(panel).findByText('Name is required')).toBeTruthy();
    expect(screen.queryByText('Are you sure?')).toBeNull();

    fireEvent.change(within(panel).getByLabelText('New pocket 2 name'), { target: { value: 'Wallet' } });
    fireEvent.click(within(panel).getAllByRole('checkbox', { name: 'Is cash?' })[1] as HTMLElement);
    fireEvent.click(within(panel).getByRole('button', { name: 'Add another pocket' }));
    fireEvent.change(within(panel).getByLabelText('New pocket 3 name'), { target: { value: 'Spare' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove new pocket 3' }));
    expect(within(panel).getAllByTestId('new-pocket')).toHaveLength(2);

    fireEvent.click(within(panel).getByRole('button', { name: 'Add currency' }));
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST currency/add')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Currency USD added')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST currency/add')?.body).toEqual({
      currency: 'USD',
      items: [
        { name: 'Default pocket USD', isCash: false },
        { name: 'Wallet', isCash: true },
      ],
    });
    // User currencies reload: USD is listed, and nothing is left to add.
    const table = screen.getByRole('table', { name: 'Your currencies' });
    expect(await within(table).findByText('US dollar')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add new' })).toBeNull());
    expect(calls.filter((c) => c.key === 'GET currency/usersall').length).toBeGreaterThan(1);
  });

  it('adds nothing when the confirmation is cancelled', async () => {
    const calls = stubApi({ ...base, 'GET currency/usersall': { status: 200, body: owned('EUR') } });
    renderApp('/private/manage/currency');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new' }));
    await openPicker();
    fireEvent.click(await screen.findByRole('option', { name: 'HUF', hidden: true }));
    expect(await screen.findByDisplayValue('Default pocket HUF')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add currency' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure?')).toBeNull());
    expect(calls.some((c) => c.key === 'POST currency/add')).toBe(false);
    expect(screen.getByTestId('add-currency-panel')).toBeTruthy();
  });
});
