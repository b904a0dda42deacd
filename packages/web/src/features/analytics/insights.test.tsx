import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatTime } from '../../lib/display-format';
import { quickRange, toApiInterval } from '../../components/interval';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { defaultTrend } from './default-intervals';
import { asset } from './test-fixtures';

// The screens of issue 21 (currency insights) over canned answers of the four reports.

const USER = { 'GET account/userinfo': { status: 200, body: REGISTERED_USER } };

const EXPENSIVE = '2026-03-10T08:00:00.000Z';
const CHEAP = '2026-02-02T12:30:00.000Z';

/** Two conversions, most expensive first as the server sends them; the second gained money. */
const COSTS = {
  currency: 'EUR',
  total: 1.05,
  count: 2,
  items: [
    {
      id: 7,
      time: EXPENSIVE,
      fromAmount: 100,
      fromCurrency: 'EUR',
      toAmount: 108,
      toCurrency: 'USD',
      effectiveRate: 1.08,
      referenceRate: 1.0923,
      rateDay: '2026-03-10',
      cost: 1.13,
    },
    {
      id: 3,
      time: CHEAP,
      fromAmount: 40000,
      fromCurrency: 'HUF',
      toAmount: 100.2,
      toCurrency: 'EUR',
      effectiveRate: 0.002505,
      referenceRate: 0.0025,
      rateDay: '2026-02-02',
      cost: -0.08,
    },
  ],
  months: [
    { month: '2026-02', cost: -0.08 },
    { month: '2026-03', cost: 1.13 },
  ],
  pairs: [
    { from: 'EUR', to: 'USD', count: 1, cost: 1.13 },
    { from: 'HUF', to: 'EUR', count: 1, cost: -0.08 },
  ],
};

const EXPOSURE = {
  currency: 'EUR',
  step: 'day',
  dates: ['2026-03-09', '2026-03-10'],
  series: [
    { currency: 'EUR', values: [1000, 900], shares: [100, 89.2] },
    { currency: 'USD', values: [0, 98.87], shares: [0, 9.8] },
    { currency: 'HUF', values: [0, 10.1], shares: [0, 1] },
  ],
  sensitivity: [
    { currency: 'USD', amount: 9.89 },
    { currency: 'HUF', amount: -1.01 },
  ],
};

/** start + Σ parts = end: 1000 + 500 − 320.5 + 0 + 0 − 1.05 + 2.4 − 0.35 − 1 = 1179.5 */
const BRIDGE = {
  currency: 'EUR',
  start: 1000,
  end: 1179.5,
  parts: [
    { name: 'income', amount: 500 },
    { name: 'expense', amount: -320.5 },
    { name: 'business', amount: 0 },
    { name: 'external', amount: 0 },
    { name: 'conversioncost', amount: -1.05 },
    { name: 'fx', amount: 2.4, currency: 'USD' },
    { name: 'fx', amount: -0.35, currency: 'HUF' },
    { name: 'fixpointerror', amount: -1 },
  ],
};

const MISSING_RATE = {
  status: 422,
  body: { type: 'missing_rate', message: 'No exchange rate is known for XAU' },
};

function api(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...USER,
    'POST analytics/conversion-costs': { status: 200, body: COSTS },
    'POST analytics/exposure': { status: 200, body: EXPOSURE },
    'POST analytics/networth-bridge': { status: 200, body: BRIDGE },
    'POST analytics/balances': {
      status: 200,
      body: [asset('availablenominalmain', 100), asset('available', 1100), asset('networth', 1179.5)],
    },
    ...extra,
  });
}

const rowOf = (name: string) => document.querySelector(`[data-row="${name}"]`) as HTMLElement;
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('analytics › Exchange (issue 21)', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is a tab of its own, asking for the last 12 months like the other trends', async () => {
    const calls = api();
    const router = renderApp('/private/analytics/oneperiod');
    fireEvent.click(await screen.findByRole('tab', { name: 'Exchange' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/analytics/exchange'));
    await screen.findByText('Conversions, most expensive first');
    const interval = toApiInterval(defaultTrend());
    expect(calls.find((c) => c.key === 'POST analytics/conversion-costs')?.body).toEqual(interval);
    expect(calls.find((c) => c.key === 'POST analytics/exposure')?.body).toEqual(interval);
    // The picker changes both reports.
    fireEvent.click(screen.getByRole('button', { name: '1 Y' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST analytics/exposure').at(-1)?.body).toEqual(
        toApiInterval(quickRange('1 Y')),
      ),
    );
    expect(calls.filter((c) => c.key === 'POST analytics/conversion-costs').at(-1)?.body).toEqual(
      toApiInterval(quickRange('1 Y')),
    );
  });

  it('lists the conversions most expensive first with both rates and the cost, the pairs and the total', async () => {
    api();
    renderApp('/private/analytics/exchange');
    await screen.findByText('Conversions, most expensive first');
    expect(document.querySelector('[data-figure="Total conversion cost"]')?.textContent).toBe('1.05 € lost');
    expect(screen.getByText(/^2 conversions in the period/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Conversion costs' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => cells(r));
    const at = (iso: string) => `${formatDate(new Date(iso))} ${formatTime(new Date(iso))}`;
    expect(rows).toEqual([
      [at(EXPENSIVE), '100.00 €', '$108.00', '1 EUR = 1.0800 USD', '1 EUR = 1.0923 USD', '1.13 €'],
      // Rates below 0.05 read the other way round, both alike.
      [at(CHEAP), '40 000.00 Ft', '100.20 €', '1 EUR = 399.2 HUF', '1 EUR = 400.0 HUF', '- 0.08 €'],
    ]);
    // A loss is red, a gain teal.
    const lost = within(rowOf('conversion 7')).getByText('1.13 €');
    expect(lost.style.color).toContain('red');
    expect(within(rowOf('conversion 3')).getByText('- 0.08 €').style.color).toContain('teal');
    expect(cells(rowOf('pair EUR USD'))).toEqual(['EUR → USD', '1', '1.13 €']);
    expect(cells(rowOf('pair HUF EUR'))).toEqual(['HUF → EUR', '1', '- 0.08 €']);
    expect(screen.getByText('Cost per month (EUR)')).toBeTruthy();
  });

  it('says a negative total cost is money gained, the way the bridge shows it, never a bare minus (issue 32)', async () => {
    const gained = { ...COSTS, total: -414.76, items: [], months: [], pairs: [], count: 10 };
    api({
      'POST analytics/conversion-costs': { status: 200, body: gained },
      'POST analytics/networth-bridge': {
        status: 200,
        body: {
          ...BRIDGE,
          end: 1595.31,
          parts: BRIDGE.parts.map((p) => (p.name === 'conversioncost' ? { ...p, amount: 414.76 } : p)),
        },
      },
    });
    renderApp('/private/analytics/exchange');
    const total = await waitFor(() => {
      const figure = document.querySelector<HTMLElement>('[data-figure="Total conversion cost"]');
      expect(figure).toBeTruthy();
      return figure as HTMLElement;
    });
    expect(total.textContent).toBe('414.76 € gained');
    expect(total.style.color).toContain('teal');
    expect(screen.getByText(/above zero is money lost to spreads and fees, below zero money gained/)).toBeTruthy();
    // The bridge names the same 414.76 € a gain.
    fireEvent.click(screen.getByRole('tab', { name: 'Balances' }));
    const table = await screen.findByRole('table', { name: 'Net worth bridge' });
    await within(table).findByText('Income');
    expect(cells(rowOf('bridge conversioncost'))).toEqual(['Conversion gains', '414.76 €']);
  });

  it('shows exposure and what a 10 % move of each foreign currency does to net worth', async () => {
    api();
    renderApp('/private/analytics/exchange');
    await screen.findByText('If exchange rates move');
    expect(screen.getByText('Available money in each currency, valued in EUR at the end of each day.')).toBeTruthy();
    expect(screen.getByTestId('exposure-chart')).toBeTruthy();
    expect(
      screen.getByText('If a currency moves 10 % against EUR, your net worth at the end of the period moves by:'),
    ).toBeTruthy();
    expect(cells(rowOf('sensitivity USD'))).toEqual(['USD', '9.89 €', '- 9.89 €']);
    expect(cells(rowOf('sensitivity HUF'))).toEqual(['HUF', '- 1.01 €', '1.01 €']);
  });

  it('says when there are no conversions and nothing foreign is held', async () => {
    api({
      'POST analytics/conversion-costs': {
        status: 200,
        body: { currency: 'EUR', total: 0, count: 0, items: [], months: [], pairs: [] },
      },
      'POST analytics/exposure': {
        status: 200,
        body: { ...EXPOSURE, series: [EXPOSURE.series[0]], sensitivity: [] },
      },
    });
    renderApp('/private/analytics/exchange');
    expect(await screen.findByText('No conversions in this period')).toBeTruthy();
    expect(
      await screen.findByText('Everything you hold at the end is in EUR: exchange rates do not move your net worth.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Conversion costs' })).toBeNull();
  });

  it('shows a missing exchange rate as an error in place of each report, never as figures', async () => {
    api({ 'POST analytics/conversion-costs': MISSING_RATE, 'POST analytics/exposure': MISSING_RATE });
    renderApp('/private/analytics/exchange');
    for (const title of ['Conversion costs', 'Currency exposure']) {
      // Asked, then refused: the card's place holds the server's message instead.
      await waitFor(() =>
        expect(screen.getByText(title).closest('[role="alert"]')?.textContent).toContain(
          'No exchange rate is known for XAU',
        ),
      );
    }
    expect(screen.queryByTestId('conversion-costs')).toBeNull();
    expect(screen.queryByTestId('exposure')).toBeNull();
  });
});

describe('analytics › Balances: the net-worth bridge (issue 21)', () => {
  beforeEach(() => setToken(fakeToken()));

  it('lists net worth before the interval, a step per part (fx per currency) and net worth at its end', async () => {
    const calls = api();
    renderApp('/private/analytics/balances');
    const table = await screen.findByRole('table', { name: 'Net worth bridge' });
    await within(table).findByText('Income');
    const trend = defaultTrend();
    expect(calls.find((c) => c.key === 'POST analytics/networth-bridge')?.body).toEqual(toApiInterval(trend));
    const dayBefore = new Date(trend.start.getTime() - 1);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => cells(r));
    expect(rows).toEqual([
      [`Net worth on ${formatDate(dayBefore)}`, '1 000.00 €'],
      ['Income', '500.00 €'],
      ['Spending', '- 320.50 €'],
      ['Business P&L', '0.00 €'],
      ['External', '0.00 €'],
      ['Conversion costs', '- 1.05 €'],
      ['Exchange rates: USD', '2.40 €'],
      ['Exchange rates: HUF', '- 0.35 €'],
      ['Fixpoint errors', '- 1.00 €'],
      [`Net worth on ${formatDate(trend.end)}`, '1 179.50 €'],
    ]);
    expect(within(rowOf('bridge expense')).getByText('- 320.50 €').style.color).toContain('red');
    expect(within(rowOf('bridge fx-USD')).getByText('2.40 €').style.color).toContain('teal');
    // The balances card is still there, for the chosen day.
    expect(screen.getByTestId('balances-card')).toBeTruthy();
  });

  it('shows a missing rate as an error, not as a bridge', async () => {
    api({ 'POST analytics/networth-bridge': MISSING_RATE });
    renderApp('/private/analytics/balances');
    const alert = await screen.findByText(/No exchange rate is known for XAU: its amounts cannot be valued/);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Net worth bridge' })).toBeNull();
  });
});
