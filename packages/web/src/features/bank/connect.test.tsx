import type { BankConnectResult, BankConnection } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { account, CONNECTION, POCKETS } from './test-fixtures';

// Issue 35, bank connections: adding one (a SimpleFIN token, Enable Banking's country and bank),
// mapping its accounts to pockets of their currency, and connecting again when consent lapses.

const CONNECTED: BankConnectResult = {
  connectionId: 7,
  accounts: [
    {
      accountId: 'usd-1',
      name: 'Everyday Checking',
      currency: 'USD',
      balance: 500,
      balanceDate: '2026-03-31',
      pocketId: null,
    },
    { accountId: 'eur-1', name: 'Euro account', currency: 'EUR', balance: 20, balanceDate: null, pocketId: null },
    { accountId: 'cad-1', name: 'CAD card', currency: 'CAD', balance: null, balanceDate: null, pocketId: null },
  ],
};

function api(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET pocket/getall': { status: 200, body: POCKETS },
    'GET bank/connection/getall': { status: 200, body: [] },
    'GET bank/enablebanking/available': { status: 200, body: { available: false } },
    ...extra,
  });
}

/** The options of a select, opened (its listbox is found by the field's aria-controls). */
async function optionsOf(field: HTMLElement): Promise<HTMLElement> {
  // The bank picker waits for its country's banks.
  await waitFor(() => expect((field as HTMLInputElement).disabled).toBe(false));
  fireEvent.click(field);
  return waitFor(() => {
    const list = document.getElementById(field.getAttribute('aria-controls') ?? '');
    expect(list?.querySelector('[role="option"]')).toBeTruthy();
    return list as HTMLElement;
  });
}

async function choose(field: HTMLElement, option: string) {
  const listbox = await optionsOf(field);
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

const group = (name: string) => screen.getByRole('group', { name });

describe('adding a bank connection', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.restoreAllMocks());

  it('is a tab of Manage', async () => {
    api();
    renderApp('/private/manage/category');
    fireEvent.click(await screen.findByRole('tab', { name: 'Bank connections' }));
    expect(await screen.findByRole('heading', { name: 'Bank connections' })).toBeTruthy();
    expect(await screen.findByText('No bank connections yet.')).toBeTruthy();
    // Enable Banking is offered only where the server has it.
    expect(screen.queryByRole('region', { name: 'Enable Banking' })).toBeNull();
  });

  it('claims a setup token, offers each account the pockets of its currency only, and saves the mapping', async () => {
    // As the server does: the new connection is in the list from the connect on.
    let connected = false;
    const made: BankConnection = {
      ...CONNECTION,
      connectionId: 7,
      log: [],
      lastSyncAt: null,
      accounts: CONNECTED.accounts.map((a) => account(a)),
    };
    const calls = api({
      'GET bank/connection/getall': () => ({ status: 200, body: connected ? [made] : [] }),
      'POST bank/simplefin/connect': () => {
        connected = true;
        return { status: 200, body: CONNECTED };
      },
      'POST bank/connection/map/7': { status: 200, body: made },
    });
    renderApp('/private/manage/bank');
    const token = await screen.findByRole('textbox', { name: 'SimpleFIN setup token' });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Paste the setup token')).toBeTruthy();
    fireEvent.change(token, { target: { value: '  aHR0cHM6Ly9icmlkZ2UuZXhhbXBsZS9jbGFpbQ==  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));

    const form = await screen.findByRole('form', { name: 'Map accounts to pockets' });
    // The mapping stays open while the list reloads with the new connection, then sits on its card.
    await waitFor(() => expect(form.closest('[data-connection]')?.getAttribute('data-connection')).toBe('7'));
    expect(calls.find((c) => c.key === 'POST bank/simplefin/connect')?.body).toEqual({
      setupToken: 'aHR0cHM6Ly9icmlkZ2UuZXhhbXBsZS9jbGFpbQ==',
    });
    const usd = within(group('Everyday Checking')).getByRole('combobox', { name: 'Sync into' });
    const usdList = await optionsOf(usd);
    const offered = within(usdList).getAllByRole('option', { hidden: true });
    expect(offered.map((o) => o.textContent)).toEqual(['US Checking', 'Wallet', 'New pocket', "Don't sync"]);
    fireEvent.click(within(usdList).getByRole('option', { name: 'US Checking', hidden: true }));

    // No CAD pocket yet: a new one, named after the account, is the choice to start with.
    const cadName = within(group('CAD card')).getByRole('textbox', { name: 'New pocket name' });
    expect((cadName as HTMLInputElement).value).toBe('CAD card');
    fireEvent.change(cadName, { target: { value: 'Visa CAD' } });

    // The EUR account has pockets to choose from and no choice yet: Save asks for one.
    fireEvent.click(within(form).getByRole('button', { name: 'Save mapping' }));
    expect(await within(form).findByText('Choose a pocket, a new pocket or Don’t sync')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST bank/connection/map/7')).toBe(false);
    const eur = within(group('Euro account')).getByRole('combobox', { name: 'Sync into' });
    const eurOffered = within(await optionsOf(eur)).getAllByRole('option', { hidden: true });
    expect(eurOffered.map((o) => o.textContent)).toEqual(['Girokonto', 'Savings', 'New pocket', "Don't sync"]);
    fireEvent.click(eurOffered[1] as HTMLElement);

    fireEvent.click(within(form).getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST bank/connection/map/7')).toBe(true));
    expect(calls.find((c) => c.key === 'POST bank/connection/map/7')?.body).toEqual({
      accounts: [
        { accountId: 'usd-1', pocketId: 3 },
        { accountId: 'eur-1', pocketId: 2 },
        { accountId: 'cad-1', pocketId: null, newPocketName: 'Visa CAD' },
      ],
    });
    expect(await screen.findByText('Accounts mapped')).toBeTruthy();
    // The new pocket is in the lists once made.
    expect(calls.filter((c) => c.key === 'GET pocket/getall').length).toBeGreaterThan(1);
  });

  it('sends an account left out as pocket null, and shows a refused token’s message', async () => {
    const calls = api({
      'POST bank/simplefin/connect': (body) =>
        (body as { setupToken: string }).setupToken === 'used'
          ? { status: 409, body: { type: 'conflict', message: 'This setup token was claimed already: make a new one' } }
          : { status: 200, body: { connectionId: 7, accounts: CONNECTED.accounts.slice(0, 1) } },
      'POST bank/connection/map/7': { status: 200, body: CONNECTION },
    });
    renderApp('/private/manage/bank');
    const token = await screen.findByRole('textbox', { name: 'SimpleFIN setup token' });
    fireEvent.change(token, { target: { value: 'used' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This setup token was claimed already: make a new one');
    fireEvent.change(token, { target: { value: 'fresh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('form', { name: 'Map accounts to pockets' });
    await choose(within(group('Everyday Checking')).getByRole('combobox', { name: 'Sync into' }), "Don't sync");
    fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST bank/connection/map/7')?.body).toEqual({
        accounts: [{ accountId: 'usd-1', pocketId: null }],
      }),
    );
  });

  it('lands from Enable Banking’s return on the new connection’s mapping, or on its error', async () => {
    const fresh: BankConnection = {
      ...CONNECTION,
      connectionId: 9,
      provider: 'enablebanking',
      name: 'Nordea',
      accounts: [account({ accountId: 'fi-1', name: 'Käyttötili', currency: 'EUR' })],
    };
    api({ 'GET bank/connection/getall': { status: 200, body: [fresh] } });
    const router = renderApp('/manage/bank?connected=9');
    const form = await screen.findByRole('form', { name: 'Map accounts to pockets' });
    expect(form.closest('[data-connection]')?.getAttribute('data-connection')).toBe('9');
    expect(screen.getByText('Connected. Choose the pocket each account syncs into.')).toBeTruthy();
    // Taken off the address: a reload shows neither again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/private/manage/bank');
  });

  it('shows the error Enable Banking’s return brought', async () => {
    api();
    renderApp('/manage/bank?error=The%20bank%20refused%20the%20consent');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The bank connection failed');
    expect(alert.textContent).toContain('The bank refused the consent');
  });

  it('starts Enable Banking with a country and one of its banks, then goes to the bank', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const calls = api({
      'GET bank/enablebanking/available': { status: 200, body: { available: true } },
      'GET bank/enablebanking/banks?country=FI': {
        status: 200,
        body: [
          { name: 'Nordea', country: 'FI', maxConsentDays: 180 },
          { name: 'OP', country: 'FI', maxConsentDays: 90 },
        ],
      },
      'POST bank/enablebanking/start': { status: 200, body: { url: 'https://bank.example/consent?id=1' } },
    });
    renderApp('/private/manage/bank');
    const section = await screen.findByRole('region', { name: 'Enable Banking' });
    await choose(within(section).getByRole('combobox', { name: 'Country' }), 'Finland');
    await choose(within(section).getByRole('combobox', { name: 'Bank' }), 'Nordea');
    expect(within(section).getByText('This bank gives consent for up to 180 days.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Continue to the bank' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://bank.example/consent?id=1'));
    expect(calls.find((c) => c.key === 'POST bank/enablebanking/start')?.body).toEqual({
      country: 'FI',
      bank: 'Nordea',
    });
  });
});

describe('connecting again', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.restoreAllMocks());
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  it('offers Reconnect when the consent expires soon, and renews that connection at the bank', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const soon: BankConnection = {
      ...CONNECTION,
      provider: 'enablebanking',
      name: 'Nordea',
      consentExpiresAt: inDays(5),
      consentExpiresSoon: true,
    };
    const calls = api({
      'GET bank/connection/getall': { status: 200, body: [soon] },
      'GET bank/enablebanking/banks?country=FI': {
        status: 200,
        body: [{ name: 'Nordea', country: 'FI', maxConsentDays: 180 }],
      },
      'POST bank/enablebanking/start': { status: 200, body: { url: 'https://bank.example/renew' } },
    });
    renderApp('/private/manage/bank');
    const card = await screen.findByRole('region', { name: 'Nordea' });
    expect(within(card).getByText('The bank’s consent expires soon')).toBeTruthy();
    expect(within(card).getByText(/^Consent valid until \d{4}\.\d{2}\.\d{2}\. \(5 days\)$/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Reconnect Nordea' }));
    await choose(within(card).getByRole('combobox', { name: 'Country' }), 'Finland');
    await choose(within(card).getByRole('combobox', { name: 'Bank' }), 'Nordea');
    fireEvent.click(within(card).getByRole('button', { name: 'Continue to the bank' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://bank.example/renew'));
    expect(calls.find((c) => c.key === 'POST bank/enablebanking/start')?.body).toEqual({
      country: 'FI',
      bank: 'Nordea',
      connectionId: 5,
    });
  });

  it('offers nothing of the kind while the consent is far from lapsing', async () => {
    api({ 'GET bank/connection/getall': { status: 200, body: [{ ...CONNECTION, consentExpiresAt: inDays(60) }] } });
    renderApp('/private/manage/bank');
    const card = await screen.findByRole('region', { name: 'First Bank' });
    expect(within(card).getByText(/^Consent valid until .* \(60 days\)$/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Reconnect First Bank' })).toBeNull();
  });

  it('tells on the dashboard, whose Reconnect opens the bank screen’s form for a new token', async () => {
    const expired: BankConnection = { ...CONNECTION, status: 'expired', consentExpiresAt: inDays(-2) };
    const calls = api({
      'GET bank/connection/getall': { status: 200, body: [expired] },
      'POST bank/simplefin/connect': {
        status: 200,
        body: { connectionId: 5, accounts: CONNECTED.accounts.slice(0, 1) },
      },
    });
    renderApp('/private/dashboard');
    const notice = (await screen.findByText('A bank connection needs your consent again')).closest('[role="alert"]');
    expect(notice?.textContent).toContain('First Bank (SimpleFIN): the bank’s consent ran out on');
    fireEvent.click(within(notice as HTMLElement).getByRole('link', { name: 'Reconnect First Bank' }));
    const card = await screen.findByRole('region', { name: 'First Bank' });
    expect(within(card).getByText('The bank’s consent has expired')).toBeTruthy();
    fireEvent.change(within(card).getByRole('textbox', { name: 'SimpleFIN setup token' }), {
      target: { value: 'new-token' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Reconnect' }));
    await screen.findByRole('form', { name: 'Map accounts to pockets' });
    expect(calls.find((c) => c.key === 'POST bank/simplefin/connect')?.body).toEqual({
      setupToken: 'new-token',
      connectionId: CONNECTION.connectionId,
    });
  });
});
