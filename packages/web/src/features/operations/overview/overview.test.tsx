import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeToken, renderApp, stubApi } from '../../../test/render';

const category = (id: number, name: string, type: string, isActive = true) => ({
  id,
  name,
  type,
  description: '',
  isIncome: null,
  isBuiltIn: false,
  isActive,
  monthlyLimit: null,
  lastUsed: '2024-01-01T00:00:00.000Z',
});
const CATEGORIES = [
  category(10, 'Old shop', 'business', false),
  category(11, 'Side shop', 'business'),
  category(20, 'Car loan', 'loan'),
  category(21, 'Paid off', 'loan', false),
];
const tx = (id: number, time: string, isIncome: boolean, amount: number, description: string, type = 'invest') => ({
  id,
  isIncome,
  amount,
  currency: 'EUR',
  categoryId: 11,
  description,
  time,
  categType: 'business',
  type,
  rowType: 'invest',
});
const TXS = [
  tx(1, '2024-01-05T10:00:00.000Z', false, 1000, 'Stock bought'),
  tx(2, '2024-03-05T10:00:00.000Z', true, 300, 'Sold some'),
  tx(3, '2024-02-05T10:00:00.000Z', true, 50, 'Profit', 'pnl'),
];
const zeros = Object.fromEntries(
  ['invP', 'invM', 'invS', 'pnlP', 'pnlM', 'pnlS', 'relP', 'relM', 'relS', 'balSP', 'balSM', 'balSS'].map((n) => [
    n,
    0,
  ]),
);
const business = (latentPnl: number) => ({
  ...zeros,
  invP: 300,
  invM: -1000,
  invS: -700,
  realSP: 50,
  realSM: 0,
  realSS: 50,
  pendingP: 0,
  pendingM: -300,
  pendingS: 700,
  aquiredPnl: 50,
  latentPnl,
  sumPnl: 50 + latentPnl,
  aquiredPnlPerc: 5,
  latentPnlPerc: latentPnl === 0 ? 0 : -70,
  sumPnlPerc: -65.25,
  currency: 'EUR',
  native: [],
});

describe('loan and business overviews (spec §2, §4)', () => {
  beforeEach(() => localStorage.setItem('jwtToken', fakeToken()));
  it('shows the business summary, percentages with one decimal and transactions newest first', async () => {
    stubApi({
      'GET category/getall': { status: 200, body: CATEGORIES },
      'GET business/11': { status: 200, body: business(-700) },
      'GET transaction/getallincat/11?limit=100': { status: 200, body: TXS },
    });
    const router = renderApp('/private/operations/business');
    // Active categories come first: the active one is selected by default.
    const picker = (await screen.findAllByLabelText<HTMLInputElement>('Business category')).find(
      (e) => e.tagName === 'INPUT',
    );
    expect(picker?.value).toBe('Side shop');
    expect(await screen.findByText('-65.3 %')).toBeTruthy();
    expect(screen.getByText('5.0 %')).toBeTruthy();
    const latent = document.querySelector('[data-figure="Latent P&L"]') as HTMLElement;
    expect(within(latent).getByText('- 700.00 €')).toBeTruthy();
    const invested = document.querySelector('[data-row="Invested"]') as HTMLElement;
    expect(invested.textContent).toContain('300.00 €');
    expect(invested.textContent).toContain('- 1 000.00 €');
    expect(invested.textContent).toContain('- 700.00 €');

    const rows = await waitFor(() => {
      const found = [...document.querySelectorAll('[data-transaction]')];
      expect(found).toHaveLength(3);
      return found;
    });
    expect(rows.map((r) => r.getAttribute('data-transaction'))).toEqual(['2', '3', '1']);
    // Plain words instead of IN/OUT (issue 22), each explained under the table.
    expect(rows[0]?.textContent).toContain('I took out');
    expect(rows[1]?.textContent).toContain('Profit');
    expect(rows[2]?.textContent).toContain('I invested');
    expect(document.querySelector('[data-explanations]')?.textContent).toContain('Realise: books money still pending');
    expect(rows[2]?.textContent).toContain('- 1 000.00 €');
    fireEvent.click(rows[0] as Element);
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/edit-transaction/2'));
  });

  it('closes a business with latent P&L without realising when the answer is No', async () => {
    let closed = false;
    const calls = stubApi({
      'GET category/getall': () => ({
        status: 200,
        body: CATEGORIES.map((c) => (c.id === 11 && closed ? { ...c, isActive: false } : c)),
      }),
      'GET business/11': { status: 200, body: business(-700) },
      'GET transaction/getallincat/11?limit=100': { status: 200, body: TXS },
      'PATCH category/close/11': () => {
        closed = true;
        return { status: 200, body: { ...category(11, 'Side shop', 'business', false) } };
      },
    });
    renderApp('/private/operations/business');
    await screen.findByText('-65.3 %'); // the summary: the question depends on its latent P&L
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'You are closing this business category' });
    expect(dialog.textContent).toContain('(recommended)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Category closed')).toBeTruthy();
    expect(calls.some((c) => c.key === 'GET business/add-latent/11')).toBe(false);
    expect(calls.filter((c) => c.key === 'PATCH category/close/11')).toHaveLength(1);
    // Categories reload: the closed category keeps its place in the view, without Close or Realise.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Realise' })).toBeNull();
    expect(screen.getByTestId('closed-badge')).toBeTruthy();
  });

  it('realises the latent P&L then closes on Yes', async () => {
    const calls = stubApi({
      'GET category/getall': { status: 200, body: CATEGORIES },
      'GET business/11': { status: 200, body: business(-700) },
      'GET transaction/getallincat/11?limit=100': { status: 200, body: TXS },
      'GET business/add-latent/11': { status: 200, body: business(0) },
      'PATCH category/close/11': { status: 200, body: category(11, 'Side shop', 'business', false) },
    });
    renderApp('/private/operations/business');
    await screen.findByText('-65.3 %'); // the summary: the question depends on its latent P&L
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Category closed')).toBeTruthy();
    expect(screen.getByText('Realization transaction added for latent P&L')).toBeTruthy();
    const order = calls.map((c) => c.key).filter((k) => k === 'GET business/add-latent/11' || k.startsWith('PATCH'));
    expect(order).toEqual(['GET business/add-latent/11', 'PATCH category/close/11']);
  });

  it('realises after its confirmation and refreshes the summary', async () => {
    let realised = false;
    const calls = stubApi({
      'GET category/getall': { status: 200, body: CATEGORIES },
      'GET business/11': () => ({ status: 200, body: business(realised ? 0 : -700) }),
      'GET transaction/getallincat/11?limit=100': { status: 200, body: TXS },
      'GET business/add-latent/11': () => {
        realised = true;
        return { status: 200, body: business(0) };
      },
    });
    renderApp('/private/operations/business');
    await screen.findByText('-65.3 %');
    fireEvent.click(await screen.findByRole('button', { name: 'Realise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(dialog).getByText('You are adding a P&L realiziation transaction for the calculated latent P&L'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Realization transaction added for latent P&L')).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('PATCH'))).toBe(false);
    // The view reloads 100 ms later: nothing left to realise.
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET business/11').length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Realise' }).hasAttribute('disabled')).toBe(true));
  });

  it('closes a loan after "You are closing this loan category"; a closed loan has no actions or clickable rows', async () => {
    const loanTx = { ...TXS[0], categoryId: 21, categType: 'loan', type: null, rowType: 'loan' };
    const calls = stubApi({
      'GET category/getall': { status: 200, body: CATEGORIES },
      'GET loan/20': { status: 200, body: { given: 500, taken: 200, balance: 300, currency: 'EUR', native: [] } },
      'GET loan/21': { status: 200, body: { given: 100, taken: 100, balance: 0, currency: 'EUR', native: [] } },
      'GET transaction/getallincat/20?limit=100': { status: 200, body: [] },
      'GET transaction/getallincat/21?limit=100': { status: 200, body: [loanTx] },
      'PATCH category/close/20': { status: 200, body: category(20, 'Car loan', 'loan', false) },
    });
    const router = renderApp('/private/operations/loan');
    expect(await screen.findByText('Owed to you')).toBeTruthy();
    expect(screen.getByText('300.00 €')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText('You are closing this loan category')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'No' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Category closed')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'PATCH category/close/20')).toHaveLength(1);

    await router.navigate('/private/operations/loan?id=21');
    const row = await waitFor(() => {
      const found = document.querySelector('[data-transaction="1"]');
      expect(found).not.toBeNull();
      return found as Element;
    });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(row);
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/private/operations/loan');
  });

  it('pages a category’s transactions with Load more, its figures from the summary alone', async () => {
    // 130 transactions, one an hour, newest first: a full page of 100, then 30.
    const newest = Date.UTC(2024, 5, 1);
    const many = Array.from({ length: 130 }, (_, i) =>
      tx(500 - i, new Date(newest - i * 3_600_000).toISOString(), i % 2 === 0, 10, `row ${i}`),
    );
    const first = many.slice(0, 100);
    const tail = first.at(-1) as (typeof many)[number];
    const next = new URLSearchParams({ limit: '100', afterTime: tail.time, afterId: String(tail.id) });
    const calls = stubApi({
      'GET category/getall': { status: 200, body: CATEGORIES },
      'GET business/11': { status: 200, body: business(-700) },
      'GET transaction/getallincat/11?limit=100': { status: 200, body: first },
      [`GET transaction/getallincat/11?${next.toString()}`]: { status: 200, body: many.slice(100) },
    });
    const shown = () =>
      [...document.querySelectorAll('[data-transaction]')].map((r) => r.getAttribute('data-transaction'));
    const latent = () => (document.querySelector('[data-figure="Latent P&L"]') as HTMLElement).textContent;
    renderApp('/private/operations/business');

    await waitFor(() => expect(shown()).toHaveLength(100));
    expect(shown()).toEqual(first.map((t) => String(t.id)));
    expect(screen.getByText('100 transactions shown; older ones load on request')).toBeTruthy();
    const before = latent();
    expect(before).toContain('- 700.00 €');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(shown()).toHaveLength(130));
    // In order, without a row twice or one missing, and the page after the first asked for by keyset.
    expect(shown()).toEqual(many.map((t) => String(t.id)));
    expect(calls.filter((c) => c.key.startsWith('GET transaction/getallincat/11')).map((c) => c.key)).toEqual([
      'GET transaction/getallincat/11?limit=100',
      `GET transaction/getallincat/11?${next.toString()}`,
    ]);
    // A short page is the last: no button, no note, and the figures are the summary's, unchanged.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByText(/older ones load on request/)).toBeNull();
    expect(latent()).toBe(before);
    expect(calls.filter((c) => c.key === 'GET business/11')).toHaveLength(1);
  });

  it('links to adding a category when there is none', async () => {
    stubApi({ 'GET category/getall': { status: 200, body: [category(11, 'Side shop', 'business')] } });
    renderApp('/private/operations/loan');
    const link = await screen.findByRole('link', { name: 'Add a loan category' });
    expect(link.getAttribute('href')).toBe('/private/manage/loan');
  });
});
