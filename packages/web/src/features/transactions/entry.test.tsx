import type { Transaction } from '@kassa/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { testCategory } from '../../test/fixtures';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { rateLine, referenceRate } from './conversion-rate';

// Issue 22: daily entry. The user's main currency is EUR (REGISTERED_USER); USD was used last.
const GROCERIES = testCategory(1, 'Groceries', 'real', false);
const TX: Transaction = {
  id: 80,
  version: 1,
  isIncome: false,
  amount: 1,
  currency: 'EUR',
  categoryId: 1,
  description: '',
  time: '2026-03-01T10:00:00Z',
  categType: 'real',
  type: null,
  rowType: 'transaction',
};

function api() {
  return stubApi({
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET category/getall': { status: 200, body: [GROCERIES] },
    'GET category/get-external': { status: 200, body: [] },
    'GET currency/usersall': {
      status: 200,
      body: ['USD', 'EUR'].map((code) => ({ code, lastUsed: '2026-01-01' })),
    },
    'GET fixpoint/getlast': { status: 200, body: { id: 1, time: '2026-02-01T00:00:00Z' } },
    'POST transaction/add': (body) => {
      const b = body as { amount: string; currency: string };
      return { status: 200, body: { ...TX, currency: b.currency, amount: Number(b.amount) } };
    },
    'POST exrate/used': {
      status: 200,
      body: {
        currencies: [
          { currency: 'USD', rates: [{ day: '2026-03-01', rate: '1.0800', source: 'ecb' }] },
          { currency: 'HUF', rates: [] },
        ],
      },
    },
  });
}

const amountField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Amount/ });
const currencyField = () => screen.getByRole<HTMLInputElement>('combobox', { name: /^Currency/ });
const adds = (calls: ReturnType<typeof api>) => calls.filter((c) => c.key === 'POST transaction/add');

describe('the entry form (issue 22)', () => {
  beforeEach(() => {
    setToken(fakeToken());
    sessionStorage.clear();
  });

  it('starts in the main currency, not the last used one; a currency picked stays for the form, not the next one (issue 32)', async () => {
    const calls = api();
    renderApp('/private/add-transaction/expense');
    await waitFor(() => expect(currencyField().value).toBe('EUR'));
    expect(amountField().getAttribute('inputmode')).toBe('decimal');
    fireEvent.click(currencyField());
    const listbox = document.getElementById(currencyField().getAttribute('aria-controls') ?? '');
    await waitFor(() => expect(listbox?.querySelectorAll('[role="option"]').length).toBe(2));
    const usd = [...(listbox?.querySelectorAll('[role="option"]') ?? [])].find((o) => o.textContent === 'USD');
    fireEvent.click(usd as Element);
    await waitFor(() => expect(currencyField().value).toBe('USD'));
    fireEvent.change(amountField(), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transaction added ($10.00)')).toBeTruthy();
    expect(adds(calls)[0]?.body).toMatchObject({ amount: '10', currency: 'USD' });
    // The same form keeps the dollars the user picked for its next entry.
    await waitFor(() => expect(amountField().value).toBe(''));
    expect(currencyField().value).toBe('USD');
    // Another form starts in the main currency again.
    fireEvent.click(screen.getByRole('tab', { name: 'Income' }));
    await waitFor(() => expect(currencyField().value).toBe('EUR'));
    fireEvent.click(screen.getByRole('tab', { name: 'Expense' }));
    await waitFor(() => expect(currencyField().value).toBe('EUR'));
  });

  it('shows the value of an expression and sends a comma decimal in the product notation', async () => {
    const calls = api();
    renderApp('/private/add-transaction/expense');
    await waitFor(() => expect(currencyField().value).toBe('EUR'));
    fireEvent.change(amountField(), { target: { value: '12.5+3.2' } });
    expect(screen.getByText('= 15.70 €')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '1.234,5' } });
    expect(screen.getByText('= 1 234.50 €')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '12,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Transaction added/);
    expect(adds(calls)[0]?.body).toMatchObject({ amount: '12.50', currency: 'EUR' });
  });

  it('names an amount that cannot be saved under the field and sends nothing', async () => {
    const calls = api();
    renderApp('/private/add-transaction/expense');
    await waitFor(() => expect(currencyField().value).toBe('EUR'));
    fireEvent.change(amountField(), { target: { value: '1,234' } });
    // Not while typing: once the field is left.
    expect(screen.queryByText(/is ambiguous/)).toBeNull();
    fireEvent.blur(amountField());
    expect(screen.getByText('Amount "1,234" is ambiguous: write 1234 or 1.234')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '12.345' } });
    expect(screen.getByText('Amount must have at most 2 decimals')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(adds(calls)).toHaveLength(0);
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the implied rate of a conversion against the reference rate of its day', async () => {
    api();
    renderApp('/private/add-transaction/conversion');
    const from = await screen.findByRole<HTMLInputElement>('combobox', { name: /From currency/ });
    // From the main currency (issue 32), to the most recently used other one.
    await waitFor(() => expect(from.value).toBe('EUR'));
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /To currency/ }).value).toBe('USD');
    fireEvent.click(from);
    const listbox = document.getElementById(from.getAttribute('aria-controls') ?? '');
    await waitFor(() => expect(listbox?.querySelectorAll('[role="option"]').length).toBe(2));
    const usd = [...(listbox?.querySelectorAll('[role="option"]') ?? [])].find((o) => o.textContent === 'USD');
    fireEvent.click(usd as Element);
    await waitFor(() => expect(from.value).toBe('USD'));
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /To currency/ }).value).toBe('EUR');
    fireEvent.change(screen.getByRole('textbox', { name: /^From amount/ }), { target: { value: '100' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^To amount/ }), { target: { value: '92,34' } });
    // 1 USD = 1 / 1.08 EUR = 0.9259 EUR; 0.9234 is 0.3 % below it.
    expect((await screen.findByTestId('conversion-rate')).textContent).toBe(
      '1 USD = 0.9234 EUR (reference 0.9259, \u22120.3\u00a0%)',
    );
  });
});

describe('rateLine', () => {
  const rates = {
    currencies: [
      { currency: 'USD', rates: [{ day: '2026-03-01', rate: '1.0800', source: 'ecb' }] },
      {
        currency: 'HUF',
        rates: [
          { day: '2026-02-28', rate: '390.00', source: 'ecb' },
          { day: '2026-03-01', rate: '400.00', source: 'ecb' },
        ],
      },
      { currency: 'JPY', rates: [] },
    ],
  };

  it('crosses the reference through EUR, the last rate of the day counting', () => {
    expect(referenceRate(rates, 'EUR', 'HUF', '2026-03-01')).toBe(400);
    expect(referenceRate(rates, 'USD', 'EUR', '2026-03-01')).toBeCloseTo(1 / 1.08, 12);
    expect(referenceRate(rates, 'EUR', 'JPY', '2026-03-01')).toBeNull();
    expect(referenceRate(rates, 'EUR', 'CHF', '2026-03-01')).toBeNull();
  });

  it('says how far the implied rate is from the reference, turning small rates round', () => {
    expect(rateLine('EUR', 'USD', 100, 110, 1.1)).toBe('1 EUR = 1.1000 USD (reference 1.1000, 0.0\u00a0%)');
    expect(rateLine('EUR', 'USD', 100, 111, 1.1)).toBe('1 EUR = 1.1100 USD (reference 1.1000, +0.9\u00a0%)');
    // 1 HUF = 0.0025 EUR is shown as 1 EUR = 400.0 HUF (spec §9).
    expect(rateLine('HUF', 'EUR', 40_000, 98, 1 / 400)).toBe('1 EUR = 408.2 HUF (reference 400.0, +2.0\u00a0%)');
    expect(rateLine('EUR', 'JPY', 1, 160, null)).toBe('1 EUR = 160.0 JPY (no reference rate for this day)');
    expect(rateLine('EUR', 'USD', 1, 1.1, undefined)).toBe('1 EUR = 1.1000 USD');
  });
});
