import type { PocketGroup } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { SUPPORTED, USER } from '../test/fixtures';

const GROUPS: PocketGroup[] = [
  {
    currency: 'EUR',
    items: [
      { pocketId: 1, name: 'Default pocket EUR', currency: 'EUR', isCash: false, balance: 1234.5 },
      { pocketId: 2, name: 'Wallet', currency: 'EUR', isCash: true, balance: -3 },
    ],
  },
  { currency: 'HUF', items: [{ pocketId: 3, name: 'Forint cash', currency: 'HUF', isCash: true, balance: 20000 }] },
];

const base = {
  'GET account/userinfo': { status: 200, body: USER },
  'GET currency/supported': { status: 200, body: SUPPORTED },
};

const group = (currency: string) => screen.findByRole('region', { name: `${currency} pockets` });

describe('manage/pocket', () => {
  beforeEach(() => setToken(fakeToken()));
  it('shows all pockets grouped by currency with cash or bank and the latest balance', async () => {
    stubApi({ ...base, 'GET pocket/getall-grouped': { status: 200, body: GROUPS } });
    renderApp('/private/manage/pocket');
    expect(await screen.findByRole('heading', { name: 'All your pockets' })).toBeTruthy();
    const eur = await group('EUR');
    const cards = await within(eur).findAllByTestId('pocket-card');
    expect(cards.map((c) => c.textContent)).toEqual([
      'Default pocket EURBank1 234.50 €Balance at the last fixpoint',
      'WalletCash- 3.00 €Balance at the last fixpoint',
    ]);
    expect(within(await group('HUF')).getByText('20 000.00 Ft')).toBeTruthy();
  });

  it('edits a pocket in place: Save sends name and cash flag, Cancel leaves it as it was', async () => {
    let groups = GROUPS;
    const calls = stubApi({
      ...base,
      'GET pocket/getall-grouped': () => ({ status: 200, body: groups }),
      'POST pocket/update': (body) => {
        const b = body as { pocketId: number; name: string; isCash: boolean };
        groups = groups.map((g) => ({
          ...g,
          items: g.items.map((p) => (p.pocketId === b.pocketId ? { ...p, ...b } : p)),
        }));
        return { status: 200, body: groups[0]?.items[0] };
      },
    });
    renderApp('/private/manage/pocket');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit pocket Wallet' }));
    fireEvent.change(screen.getByDisplayValue('Wallet'), { target: { value: 'Pocket money' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit pocket Wallet' })).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST pocket/update')).toBe(false);

    fireEvent.click(await screen.findByRole('button', { name: 'Edit pocket Default pocket EUR' }));
    fireEvent.change(screen.getByDisplayValue('Default pocket EUR'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Main account' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Is cash?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST pocket/update')?.body).toEqual({
      pocketId: 1,
      name: 'Main account',
      isCash: true,
    });
    expect(await screen.findByRole('button', { name: 'Edit pocket Main account' })).toBeTruthy();
  });

  it('adds pockets to a group, removable before saving, with the currency fixed to the group', async () => {
    const calls = stubApi({
      ...base,
      'GET pocket/getall-grouped': { status: 200, body: GROUPS },
      'POST pocket/addmany': { status: 200, body: [] },
    });
    renderApp('/private/manage/pocket');
    const huf = await group('HUF');
    fireEvent.click(within(huf).getByRole('button', { name: 'Add pocket in HUF' }));
    fireEvent.click(within(huf).getByRole('button', { name: 'Save pockets' }));
    expect(await within(huf).findByText('Name is required')).toBeTruthy();
    fireEvent.change(within(huf).getByLabelText('New pocket 1 name'), { target: { value: 'Savings' } });
    fireEvent.click(within(huf).getByRole('button', { name: 'Add another pocket' }));
    fireEvent.change(within(huf).getByLabelText('New pocket 2 name'), { target: { value: 'Typo' } });
    fireEvent.click(within(huf).getByRole('button', { name: 'Add another pocket' }));
    fireEvent.change(within(huf).getByLabelText('New pocket 3 name'), { target: { value: 'Piggy bank' } });
    fireEvent.click(within(huf).getAllByRole('checkbox', { name: 'Is cash?' })[2] as HTMLElement);
    fireEvent.click(within(huf).getByRole('button', { name: 'Remove new pocket 2' }));
    expect(within(huf).getAllByTestId('new-pocket')).toHaveLength(2);
    fireEvent.click(within(huf).getByRole('button', { name: 'Save pockets' }));
    expect(await screen.findByText('Pockets saved')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST pocket/addmany')?.body).toEqual([
      { name: 'Savings', currency: 'HUF', isCash: false },
      { name: 'Piggy bank', currency: 'HUF', isCash: true },
    ]);
    await waitFor(() => expect(within(huf).queryAllByTestId('new-pocket')).toHaveLength(0));
    expect(calls.filter((c) => c.key === 'GET pocket/getall-grouped').length).toBeGreaterThan(1);
  });

  it('can not save a list whose every new pocket was removed', async () => {
    const calls = stubApi({ ...base, 'GET pocket/getall-grouped': { status: 200, body: GROUPS } });
    renderApp('/private/manage/pocket');
    const eur = await group('EUR');
    fireEvent.click(within(eur).getByRole('button', { name: 'Add pocket in EUR' }));
    fireEvent.click(within(eur).getByRole('button', { name: 'Remove new pocket 1' }));
    expect(within(eur).getByRole<HTMLButtonElement>('button', { name: 'Save pockets' }).disabled).toBe(true);
    expect(calls.some((c) => c.key === 'POST pocket/addmany')).toBe(false);
  });
});
