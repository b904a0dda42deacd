import { formatDate, formatTime } from '../../../lib/display-format';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { errorColor, errorLabel } from './error-text';

const GROUPS = [
  {
    currency: 'EUR',
    items: [
      { pocketId: 1, name: 'Wallet', currency: 'EUR', isCash: true, balance: 40 },
      { pocketId: 2, name: 'Bank', currency: 'EUR', isCash: false, balance: 1000 },
    ],
  },
  { currency: 'HUF', items: [{ pocketId: 3, name: 'Default pocket HUF', currency: 'HUF', isCash: false, balance: 0 }] },
];
/** What the ledger says now: the single-pocket HUF field starts from its calculated 5 000 Ft. */
const CALCULATED = [
  { currency: 'EUR', stated: 1040, calculated: 1100, error: -60 },
  { currency: 'HUF', stated: 0, calculated: 5000, error: -5000 },
];
const LAST = { id: 7, time: '2024-05-01T10:22:00.000Z' };

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('fixpoint page (spec §4 Fixpoint flow)', () => {
  beforeEach(() => localStorage.setItem('jwtToken', fakeToken()));
  it('lists every pocket by currency, prefilled, with the last fixpoint date', async () => {
    stubApi({
      'GET pocket/getall-grouped': { status: 200, body: GROUPS },
      'POST fixpoint/calcerror': { status: 200, body: CALCULATED },
      'GET fixpoint/getlast': { status: 200, body: LAST },
    });
    const router = renderApp('/private/operations');
    expect(await screen.findByLabelText('Wallet')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/private/operations');
    expect(screen.getByRole('tab', { name: 'Fixpoint', selected: true })).toBeTruthy();
    // Several pockets: each from its latest stated balance; a single pocket: the calculated balance.
    expect(field('Wallet').value).toBe('40');
    expect(field('Bank').value).toBe('1000');
    expect(field('Default pocket HUF').value).toBe('5000');
    const eur = document.querySelector('[data-currency="EUR"]') as HTMLElement;
    expect(within(eur).getByText('Calculated: 1 100.00 €')).toBeTruthy();
    const at = new Date(LAST.time);
    await waitFor(() =>
      expect(screen.getByTestId('last-fixpoint').textContent).toBe(
        `Last fixpoint: ${formatDate(at)} ${formatTime(at)}`,
      ),
    );
  });

  it('shows 2020.01.01. 00:00 as the last fixpoint when there is none', async () => {
    stubApi({
      'GET pocket/getall-grouped': { status: 200, body: GROUPS },
      'POST fixpoint/calcerror': { status: 200, body: CALCULATED },
      'GET fixpoint/getlast': { status: 200, body: null },
    });
    renderApp('/private/operations/fixpoint');
    expect((await screen.findByTestId('last-fixpoint')).textContent).toBe('Last fixpoint: 2020.01.01. 00:00');
  });

  it('calculates errors from the typed values, returns keeping them, then saves after the warning', async () => {
    const review = [
      { currency: 'EUR', stated: 1112.5, calculated: 1100, error: 12.5 },
      { currency: 'HUF', stated: 4000, calculated: 5000, error: -1000 },
      { currency: 'USD', stated: 0, calculated: 0, error: 0 },
    ];
    let calcCalls = 0;
    const calls = stubApi({
      'GET pocket/getall-grouped': { status: 200, body: GROUPS },
      'POST fixpoint/calcerror': () => ({ status: 200, body: calcCalls++ === 0 ? CALCULATED : review }),
      'GET fixpoint/getlast': { status: 200, body: LAST },
      'POST fixpoint/set': { status: 200, body: { id: 8, time: '2024-06-01T00:00:00.000Z', errors: review } },
    });
    renderApp('/private/operations/fixpoint');
    fireEvent.change(await screen.findByLabelText('Bank'), { target: { value: '1050+22.5' } });
    fireEvent.change(field('Default pocket HUF'), { target: { value: '4000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate errors' }));

    expect(await screen.findByText('Calculated error (excess): 12.50 €')).toBeTruthy();
    expect(screen.getByText('Calculated error (missing): - 1 000.00 Ft')).toBeTruthy();
    expect(screen.getByText('There is no error: $0.00')).toBeTruthy();
    expect(screen.getByText('Stated: 1 112.50 €')).toBeTruthy();
    expect(screen.getByText('Calculated: 1 100.00 €')).toBeTruthy();
    // Amounts go as typed: the server evaluates the expression exactly.
    expect(calls.filter((c) => c.key === 'POST fixpoint/calcerror').at(-1)?.body).toEqual([
      { pocketId: 1, balance: '40' },
      { pocketId: 2, balance: '1050+22.5' },
      { pocketId: 3, balance: '4000' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Make changes' }));
    expect(field('Bank').value).toBe('1050+22.5');
    expect(field('Default pocket HUF').value).toBe('4000');
    fireEvent.click(screen.getByRole('button', { name: 'Calculate errors' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Save fixpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('There is no going back!')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Fixpoint saved!')).toBeTruthy();
    expect(await screen.findByText('Fixpoint successfully saved')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST fixpoint/set')?.body).toEqual([
      { pocketId: 1, balance: '40' },
      { pocketId: 2, balance: '1050+22.5' },
      { pocketId: 3, balance: '4000' },
    ]);
    expect(screen.getByRole('link', { name: 'View fixpoint' }).getAttribute('href')).toBe('/private/edit-fixpoint/8');
  });

  it('saves nothing when the warning is cancelled', async () => {
    const calls = stubApi({
      'GET pocket/getall-grouped': { status: 200, body: GROUPS },
      'POST fixpoint/calcerror': { status: 200, body: CALCULATED },
      'GET fixpoint/getlast': { status: 200, body: LAST },
    });
    renderApp('/private/operations/fixpoint');
    fireEvent.click(await screen.findByRole('button', { name: 'Calculate errors' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save fixpoint' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Save fixpoint' })).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST fixpoint/set')).toBe(false);
  });

  it('asks for every pocket and shows the server complaint at its field', async () => {
    const calls = stubApi({
      'GET pocket/getall-grouped': { status: 200, body: GROUPS },
      'POST fixpoint/calcerror': (body) =>
        Array.isArray(body) && (body as { balance: string }[])[0]?.balance === '1.234'
          ? { status: 400, body: { type: 'validation', message: '0.balance: must have at most 2 decimals' } }
          : { status: 200, body: CALCULATED },
      'GET fixpoint/getlast': { status: 200, body: LAST },
    });
    renderApp('/private/operations/fixpoint');
    fireEvent.change(await screen.findByLabelText('Wallet'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate errors' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST fixpoint/calcerror')).toHaveLength(1); // only the prefill's

    fireEvent.change(field('Wallet'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate errors' }));
    expect(await screen.findByText('must have at most 2 decimals')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Calculate errors' })).toBeTruthy();
  });

  it('words each error line by its sign', () => {
    expect(errorLabel(0)).toBe('There is no error: ');
    expect(errorLabel(0.01)).toBe('Calculated error (excess): ');
    expect(errorLabel(-0.01)).toBe('Calculated error (missing): ');
  });

  it('names a currency’s opening as what it is, not an error (issue 32)', () => {
    expect(errorLabel(2450.3, true)).toBe('Opening balance: ');
    expect(errorColor(2450.3, true)).toBe('teal');
    // A statement that agrees is no error, opening or not.
    expect(errorLabel(0, true)).toBe('There is no error: ');
  });
});
