import type { Preferences, PreferencesRequest, Transaction } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDisplayFormat } from '../../lib/display-format';
import { setToken } from '../../lib/token';
import { testCategory } from '../../test/fixtures';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

// Issue 36: number and date formats as a preference of their own, shown on every screen at once.

const GROCERIES = testCategory(1, 'Groceries', 'real', false);
const TIME = new Date(2026, 4, 7, 9, 30); // 2026-05-07 09:30 local
const TX: Transaction = {
  id: 7,
  version: 1,
  isIncome: false,
  amount: 1234.5,
  currency: 'EUR',
  categoryId: 1,
  description: 'Rent',
  time: TIME.toISOString(),
  categType: 'real',
  type: null,
  rowType: 'transaction',
};

/** The API with preferences the server keeps, as account/preferences and userinfo answer them. */
function api(start: Partial<Preferences> = {}) {
  const prefs: Preferences = { language: null, numberFormat: 'space_dot', dateFormat: 'yyyy.mm.dd.', ...start };
  const calls = stubApi({
    'GET account/userinfo': () => ({ status: 200, body: { ...REGISTERED_USER, ...prefs } }),
    'POST account/preferences': (body) => {
      Object.assign(prefs, body as PreferencesRequest);
      return { status: 200, body: prefs };
    },
    'GET category/getall': { status: 200, body: [GROCERIES] },
    'GET category/get-external': { status: 200, body: [] },
    'GET currency/usersall': { status: 200, body: [{ code: 'EUR', lastUsed: '2026-01-01' }] },
    'GET currency/supported': {
      status: 200,
      body: [{ code: 'EUR', sign: '€', name: 'Euro', decimals: 2, signBefore: false }],
    },
    'GET fixpoint/getlast': { status: 200, body: null },
    'POST transaction/getfiltered': { status: 200, body: [TX] },
    'POST conversion/getbetween': { status: 200, body: [] },
    'POST fixpoint/getbetween': { status: 200, body: [] },
    'POST transaction/add': (body) => ({
      status: 200,
      body: { ...TX, amount: Number((body as { amount: string }).amount) },
    }),
  });
  return { calls, prefs };
}

const select = (name: RegExp) => screen.findByRole<HTMLSelectElement>('combobox', { name });
const sent = (calls: ReturnType<typeof api>['calls']) =>
  calls.filter((c) => c.key === 'POST account/preferences').map((c) => c.body);

describe('preferences (issue 36)', () => {
  beforeEach(() => setToken(fakeToken()));

  it('lists each format by an example and today in each date order', async () => {
    api();
    renderApp('/private/user/preferences');
    const numbers = await select(/^Number format/);
    expect([...numbers.options].map((o) => o.textContent)).toEqual([
      '1 234.56',
      '1,234.56',
      '1.234,56',
      '1 234,56',
      "1'234.56",
    ]);
    const dates = await select(/^Date format/);
    const d = new Date();
    const [dd, mm, yyyy] = [d.getDate(), d.getMonth() + 1, d.getFullYear()].map((n) => String(n).padStart(2, '0'));
    expect([...dates.options].map((o) => o.textContent.replace(/\s+/g, ' '))).toEqual([
      `${yyyy}.${mm}.${dd}. (yyyy.mm.dd.)`,
      `${yyyy}-${mm}-${dd} (yyyy-mm-dd)`,
      `${dd}.${mm}.${yyyy} (dd.mm.yyyy)`,
      `${dd}/${mm}/${yyyy} (dd/mm/yyyy)`,
      `${mm}/${dd}/${yyyy} (mm/dd/yyyy)`,
    ]);
    expect(numbers.value).toBe('space_dot');
    expect(dates.value).toBe('yyyy.mm.dd.');
    expect((await select(/^Language/)).value).toBe('en');
  });

  it('saves a new number and date format, and the transaction list shows them at once', async () => {
    const { calls } = api();
    const router = renderApp('/private/transactions');
    const row = await screen.findByText('Rent');
    await waitFor(() => expect(row.closest('tr')?.textContent).toContain('- 1 234.50 €'));
    expect(row.closest('tr')?.textContent).toContain('2026.05.07. 09:30');

    await router.navigate('/private/user/preferences');
    fireEvent.change(await select(/^Number format/), { target: { value: 'dot_comma' } });
    await waitFor(() => expect(sent(calls)).toEqual([{ numberFormat: 'dot_comma' }]));
    expect(await screen.findByText('Preferences saved')).toBeTruthy();
    // The page was made again in the new format, with focus back on the field just changed.
    await waitFor(() => expect(getDisplayFormat().numberFormat).toBe('dot_comma'));
    await waitFor(async () => expect(document.activeElement).toBe(await select(/^Number format/)));
    fireEvent.change(await select(/^Date format/), { target: { value: 'dd.mm.yyyy' } });
    await waitFor(() => expect(sent(calls)).toEqual([{ numberFormat: 'dot_comma' }, { dateFormat: 'dd.mm.yyyy' }]));
    await waitFor(async () => expect((await select(/^Date format/)).value).toBe('dd.mm.yyyy'));
    expect(screen.getByTestId('format-example').textContent).toContain('- 1.234,50 €');

    await router.navigate('/private/transactions');
    const shown = async () => (await screen.findByText('Rent')).closest('tr')?.textContent;
    await waitFor(async () => expect(await shown()).toContain('- 1.234,50 €'));
    expect(await shown()).toContain('07.05.2026 09:30');
    // The answer of account/preferences went into the cached userinfo: it was not asked again.
    expect(calls.filter((c) => c.key === 'GET account/userinfo')).toHaveLength(1);
  });

  it('opens in the formats userinfo names, and a new session in the browser remembers them', async () => {
    api({ numberFormat: 'comma_dot', dateFormat: 'mm/dd/yyyy' });
    renderApp('/private/transactions');
    // The list may be made again once userinfo answers: read the row anew each time.
    const shown = async () => (await screen.findByText('Rent')).closest('tr')?.textContent;
    await waitFor(async () => expect(await shown()).toContain('- 1,234.50 €'));
    expect(await shown()).toContain('05/07/2026 09:30');
    expect(JSON.parse(localStorage.getItem('kassa.displayFormat') ?? '{}')).toEqual({
      numberFormat: 'comma_dot',
      dateFormat: 'mm/dd/yyyy',
    });
  });

  it('saves the language on its own', async () => {
    const { calls } = api();
    renderApp('/private/user/preferences');
    fireEvent.change(await select(/^Language/), { target: { value: 'de' } });
    await waitFor(() => expect(sent(calls)).toEqual([{ language: 'de' }]));
  });

  it('reads an amount in the chosen decimal mark: 1.234,50 with dot_comma', async () => {
    const { calls } = api({ numberFormat: 'dot_comma' });
    renderApp('/private/add-transaction');
    await waitFor(() => expect(getDisplayFormat().numberFormat).toBe('dot_comma'));
    const amount = await screen.findByRole<HTMLInputElement>('textbox', { name: /^Amount/ });
    expect(amount.placeholder).toBe('0,00');
    fireEvent.change(amount, { target: { value: '1.234,50' } });
    expect(await screen.findByText('= 1.234,50 €')).toBeTruthy();
    // "1.234" is one thousand two hundred and thirty-four in this format, not 1.234.
    fireEvent.change(amount, { target: { value: '1.234' } });
    expect(await screen.findByText('= 1.234,00 €')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12,5+1.000' } });
    expect(await screen.findByText('= 1.012,50 €')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1.234,50' } });
    const form = amount.closest('form');
    if (form === null) throw new Error('no form');
    fireEvent.click(within(form).getByRole('button', { name: /^Save/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST transaction/add')?.body).toMatchObject({ amount: '1234.50' }),
    );
  });
});
