import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

const asset = (name: string, amount: number, currency = 'EUR') => ({ name, asset: { amount, currency } });

const ALL_DONE = ['currency', 'categories', 'transaction', 'fixpoint', 'import'].map((key) => ({ key, done: true }));

function api(
  lastFixpoint: { id: number; time: string } | null,
  income = 3200.55,
  expense = -3400.1,
  steps: { key: string; done: boolean }[] = ALL_DONE,
  role = 'NORMAL',
) {
  return stubApi({
    'GET account/userinfo': {
      status: 200,
      body: { ...REGISTERED_USER, lastName: '', role },
    },
    'GET account/onboarding': { status: 200, body: { steps } },
    'POST analytics/balance-history': {
      status: 200,
      body: {
        dates: ['2025-06-01', '2025-06-02', '2026-06-01'],
        available: [100, 200, 300],
        loaned: [0, 0, 0],
        businesspending: [0, 0, 0],
        networth: [1000, 1100.25, 25300.4],
      },
    },
    'POST analytics/oneperiod': {
      status: 200,
      body: [
        { name: 'Rent', categoryId: 1, asset: { amount: 1150, currency: 'EUR' } },
        { name: 'Groceries', categoryId: 2, asset: { amount: 310.2, currency: 'EUR' } },
      ],
    },
    'POST analytics/balances': {
      status: 200,
      body: [asset('availablenominalmain', 1200.5), asset('available', 5321.25)],
    },
    'POST analytics/cashflow': { status: 200, body: [asset('income', income), asset('expense', expense)] },
    'GET fixpoint/getlast': { status: 200, body: lastFixpoint },
  });
}

describe('the dashboard (spec §2)', () => {
  beforeEach(() => setToken(fakeToken()));
  it('greets by first name and shows balances and this month, saving coloured by sign', async () => {
    api({ id: 1, time: new Date().toISOString() });
    renderApp('/private/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello Ada!' })).toBeTruthy();
    expect((await screen.findByText('1 200.50 €')).getAttribute('data-figure')).toBe('Available in EUR');
    expect(screen.getByText('5 321.25 €')).toBeTruthy();
    // The charts' summary may repeat a figure (once their chunk has loaded): the cards are read by their figure.
    const figure = (name: string) => document.querySelector(`[data-figure="${name}"]`)?.textContent;
    expect(figure('Income')).toBe('3 200.55 €');
    expect(figure('Spending')).toBe('3 400.10 €');
    // 3200.55 - 3400.10, exactly.
    const saving = screen.getByText('- 199.55 €');
    expect(saving.getAttribute('data-figure')).toBe('Saving');
    expect(saving.style.color).toContain('red');
    expect(screen.queryByText('Your last fixpoint is more than 30 days old')).toBeNull();
  });

  it('warns with a link when the last fixpoint is more than 30 days old, or missing', async () => {
    api(null);
    renderApp('/private/dashboard');
    const alert = await screen.findByText('Your last fixpoint is more than 30 days old');
    const card = alert.closest('[role="alert"]') ?? document.body;
    expect(
      within(card as HTMLElement)
        .getByRole('link', { name: 'Add a fixpoint' })
        .getAttribute('href'),
    ).toBe('/private/operations/fixpoint');
    // The date's own closing dot ends the sentence: no doubled '..'.
    const sentence = within(card as HTMLElement).getByText(/The last one was set on/).textContent;
    expect(sentence).toContain('The last one was set on 2020.01.01. Add a fixpoint');
  });

  it("lists what's new from the changelog, folded to the latest version", async () => {
    api({ id: 1, time: new Date().toISOString() });
    renderApp('/private/dashboard');
    expect(await screen.findByText("What's new?")).toBeTruthy();
    expect(screen.getByText('v1.10.5')).toBeTruthy();
    expect(screen.queryByText('v1.10.4')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Show all \d+ versions/ }));
    expect(screen.getByText('v1.10.4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show only the latest version' }));
    expect(screen.queryByText('v1.10.4')).toBeNull();
  });

  it('explains the two balances and sums up the charts with real figures', async () => {
    api({ id: 1, time: new Date().toISOString() });
    renderApp('/private/dashboard');
    await waitFor(() =>
      expect(screen.getByTestId('balances-explained').textContent).toContain(
        'Available (converted): everything you hold, every currency converted to EUR',
      ),
    );
    expect((await screen.findByText('25 300.40 €')).getAttribute('data-figure')).toBe('Net worth now');
    expect(await screen.findByText(/Most on Rent/)).toBeTruthy();
    expect(await screen.findByText(/Average a month: income/)).toBeTruthy();
  });

  it('shows the onboarding checklist until hidden, remembering it; none when all is done or for the demo', async () => {
    localStorage.removeItem('kassa.onboarding.hidden');
    const steps = [
      { key: 'currency', done: false },
      { key: 'categories', done: true },
      { key: 'transaction', done: false },
      { key: 'fixpoint', done: false },
      { key: 'import', done: false },
    ];
    api({ id: 1, time: new Date().toISOString() }, 0, 0, steps);
    renderApp('/private/dashboard');
    const card = await screen.findByTestId('onboarding');
    expect(within(card).getByText('1 of 5 done')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Record a transaction' }).getAttribute('href')).toBe(
      '/private/add-transaction',
    );
    expect(within(card).getByRole('link', { name: 'Import a bank file' }).getAttribute('href')).toBe('/private/import');
    expect(within(card).queryByRole('link', { name: 'Add categories' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Hide checklist' }));
    expect(screen.queryByTestId('onboarding')).toBeNull();
    expect(localStorage.getItem('kassa.onboarding.hidden')).toBe('1');
    cleanup();
    localStorage.removeItem('kassa.onboarding.hidden');
  });

  it('shows no checklist once every step is done, nor to the demo user', async () => {
    localStorage.removeItem('kassa.onboarding.hidden');
    api({ id: 1, time: new Date().toISOString() });
    renderApp('/private/dashboard');
    expect(await screen.findByText('Hello Ada!')).toBeTruthy();
    await screen.findByText(/Most on Rent/);
    expect(screen.queryByTestId('onboarding')).toBeNull();
    cleanup();
    const calls = api({ id: 1, time: new Date().toISOString() }, 0, 0, [{ key: 'import', done: false }], 'DEMO');
    renderApp('/private/dashboard');
    await screen.findByText(/Most on Rent/);
    expect(screen.queryByTestId('onboarding')).toBeNull();
    expect(calls.some((c) => c.key === 'GET account/onboarding')).toBe(false);
  });
});
