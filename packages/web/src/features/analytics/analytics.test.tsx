import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../lib/display-format';
import { quickRange, toApiInterval } from '../../components/interval';
import { toLocalDateValue } from '../../lib/local-time';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { defaultTrend } from './default-intervals';
import { monthlyAverage } from './shares';
import { asset, CASHFLOW, cat } from './test-fixtures';

const USER = { 'GET account/userinfo': { status: 200, body: REGISTERED_USER } };

type Body = { interval?: unknown; direction?: boolean; start?: string };

/** Nine expense categories: the pie folds two into Other; income has none. */
function onePeriod(body: unknown) {
  const b = body as Body;
  if (b.direction === true) return { status: 200, body: [] };
  return {
    status: 200,
    body: [
      cat(1, 'Rent', 600),
      cat(2, 'Groceries', 250.5),
      cat(3, 'Travel', 100),
      cat(4, 'Fun', 30),
      cat(5, 'Zero', 0),
      cat(6, 'Books', 10),
      cat(7, 'Gifts', 5),
      cat(8, 'Phone', 3.5),
      cat(9, 'Parking', 1),
    ],
  };
}

function api(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...USER,
    'POST analytics/oneperiod': onePeriod,
    'POST analytics/cashflow': { status: 200, body: CASHFLOW },
    'POST analytics/holdings': {
      status: 200,
      body: [
        { currency: 'USD', amount: 50, convertedAmount: 45.7 },
        { currency: 'EUR', amount: 100.1 },
        { currency: 'HUF', amount: 400000, convertedAmount: 1000.2 },
        { currency: 'JPY', amount: -100, convertedAmount: -0.6 },
      ],
    },
    'POST analytics/balances': {
      status: 200,
      body: [
        asset('availablenominalmain', 100.1),
        asset('available', 1146),
        asset('loaned', -250),
        asset('businesspending', 700),
        asset('outstanding', 450),
        asset('networth', 1596),
      ],
    },
    'POST analytics/multiperiod': { status: 200, body: [{ name: 'dates', values: ['2026-01'] }] },
    'POST analytics/balance-history': {
      status: 200,
      body: { dates: ['2026-01-01'], available: [1], loaned: [0], businesspending: [0], networth: [1] },
    },
    ...extra,
  });
}

const rowOf = (name: string) => document.querySelector(`[data-row="${name}"]`) as HTMLElement;
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('analytics (spec §2)', () => {
  beforeEach(() => setToken(fakeToken()));
  it('opens Single period at private/analytics, OUT and this month by default', async () => {
    const calls = api();
    const router = renderApp('/private/analytics');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/analytics/oneperiod'));
    expect((await screen.findByRole('tab', { name: 'Single period' })).getAttribute('aria-selected')).toBe('true');
    await screen.findByText('Rent');
    const request = calls.find((c) => c.key === 'POST analytics/oneperiod');
    expect(request?.body).toEqual({ interval: toApiInterval(quickRange('MTD')), direction: false });
  });

  it('lists categories above 0 with monthly average, percent with one decimal and a Sum row', async () => {
    api();
    renderApp('/private/analytics/oneperiod');
    await screen.findByText('Rent');
    expect(screen.queryByText('Zero')).toBeNull();
    const days = Math.round((quickRange('MTD').end.getTime() - quickRange('MTD').start.getTime()) / 86_400_000);
    // Rent is 600 of 1000: 60.0 %, and 600 x 30.42 / days a month.
    const rent = cells(rowOf('Rent'));
    expect(rent[1]).toBe('600.00 €');
    expect(rent[2]).toBe(formatMoney(monthlyAverage(600, 'EUR', days), 'EUR'));
    expect(rent[3]).toBe('60.0%');
    // 250.5 of 1000 is 25.05 %: rounded half to even, like every rounding in Kassa.
    expect(cells(rowOf('Groceries'))[3]).toBe('25.0%');
    expect(cells(rowOf('Parking'))[3]).toBe('0.1%');
    const sum = cells(rowOf('Sum'));
    expect(sum[1]).toBe('1 000.00 €');
    expect(sum[3]).toBe('100.0%');
  });

  it('shows the empty text when nothing is above 0, and IN asks for income', async () => {
    const calls = api();
    renderApp('/private/analytics/oneperiod');
    await screen.findByText('Rent');
    fireEvent.click(screen.getByText('IN'));
    expect(await screen.findByText('No transactions in this period')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST analytics/oneperiod').map((c) => (c.body as Body).direction)).toEqual([
      false,
      true,
    ]);
    expect(screen.queryByText('Rent')).toBeNull();
  });

  it('values at one date and shows another of the user’s currencies when asked (issue 21)', async () => {
    const calls = api({
      'GET currency/usersall': {
        status: 200,
        body: [
          { code: 'EUR', lastUsed: '2026-01-01T00:00:00Z' },
          { code: 'USD', lastUsed: '2026-01-01T00:00:00Z' },
        ],
      },
    });
    renderApp('/private/analytics/oneperiod');
    await screen.findByText('Rent');
    const last = () => calls.filter((c) => c.key === 'POST analytics/oneperiod').at(-1)?.body;
    fireEvent.click(screen.getByText('One date'));
    const today = toLocalDateValue(new Date());
    await waitFor(() => expect(last()).toMatchObject({ valuation: { date: today } }));
    const input = await screen.findByRole('combobox', { name: 'Currency' });
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'USD', hidden: true }));
    await waitFor(() =>
      expect(last()).toEqual({
        interval: toApiInterval(quickRange('MTD')),
        direction: false,
        valuation: { date: today },
        currency: 'USD',
      }),
    );
    // Back to each day's rate and the main currency: the default request again.
    fireEvent.click(screen.getByText("Each day's rate"));
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'EUR', hidden: true }));
    await waitFor(() => expect(last()).toEqual({ interval: toApiInterval(quickRange('MTD')), direction: false }));
  });

  it('keeps the chosen interval when switching tabs', async () => {
    const calls = api();
    const router = renderApp('/private/analytics/oneperiod');
    await screen.findByText('Rent');
    fireEvent.click(screen.getByRole('button', { name: '1 Y' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST analytics/oneperiod').at(-1)?.body).toEqual({
        interval: toApiInterval(quickRange('1 Y')),
        direction: false,
      }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Cash flow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/analytics/cashflow'));
    await screen.findByText('Available balance');
    expect(calls.find((c) => c.key === 'POST analytics/cashflow')?.body).toEqual(toApiInterval(quickRange('1 Y')));
  });

  it('cash flow: balances, P&L with monthly averages, cash movements and the lines from start to end', async () => {
    api();
    renderApp('/private/analytics/cashflow');
    await screen.findByText('Available balance');
    const section = (title: string) => document.querySelector(`[data-section="${title}"]`) as HTMLElement;
    const figure = (title: string, label: string) =>
      section(title).querySelector(`[data-figure="${label}"]`) as HTMLElement;
    expect(figure('Available balance', 'Start').textContent).toBe('1 000.00 €');
    expect(figure('Available balance', 'End').textContent).toBe('1 718.25 €');
    expect(figure('Available balance', 'Change').textContent).toBe('718.25 €');
    expect(figure('Income and expenses', 'Expenses').textContent).toBe('2 000.50 €'); // absolute value
    const savings = figure('Savings', 'Savings');
    expect(savings.textContent).toBe('999.50 €');
    expect(savings.style.color).toContain('teal');
    expect(figure('Loans', 'Out').textContent).toBe('300.00 €');
    expect(figure('Loans', 'Change').textContent).toBe('- 200.00 €');
    expect(figure('Loans', 'Change').style.color).toContain('red');
    expect(figure('Loans and businesses', 'In').textContent).toBe('150.00 €');
    expect(figure('Loans and businesses', 'Out').textContent).toBe('320.25 €');
    expect(figure('Currency conversions', 'Net').textContent).toBe('- 0.50 €');
    expect(figure('Externals', 'Change').textContent).toBe('5.00 €');
    const lines = section('From start to end');
    expect(within(lines).getByText('Less realized P&L (no cash moved)')).toBeTruthy();
    expect((lines.querySelector('[data-figure="Fixpoint errors"]') as HTMLElement).textContent).toBe('1.50 €');
    expect((lines.querySelector('[data-figure="Exchange-rate revaluation"]') as HTMLElement).textContent).toBe(
      '3.00 €',
    );
    expect((lines.querySelector('[data-figure="Available at end"]') as HTMLElement).textContent).toBe('1 718.25 €');
    // The lines add up: no mismatch note.
    expect(within(lines).queryByText(/The lines above add up to/)).toBeNull();
  });

  describe('on 23 March', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 2, 23, 12));
    });
    afterEach(() => vi.useRealTimers());

    it('cash flow: monthly averages of this month to date are marked projected, a year’s are not (issue 22)', async () => {
      api();
      renderApp('/private/analytics/cashflow');
      await screen.findByText('Available balance');
      const figure = (label: string) => document.querySelector(`[data-figure="${label}"]`) as HTMLElement;
      const labelOf = (label: string) => figure(label).previousElementSibling?.textContent;
      // The default, this month to date (23 days), is projected.
      await waitFor(() => expect(labelOf('Income monthly avg.')).toBe('Income monthly avg. *'));
      for (const label of ['Income monthly avg.', 'Expenses monthly avg.', 'Savings monthly avg.']) {
        expect(labelOf(label)).toBe(`${label} *`);
        expect(figure(label).style.fontStyle).toBe('italic');
      }
      // Income itself is a real amount, not projected.
      expect(labelOf('Income')).toBe('Income');
      expect(document.querySelector('[data-projected]')?.textContent).toContain(
        'the period has only 23 days, scaled to a 30.42-day month',
      );

      // A year is measured.
      fireEvent.click(screen.getByRole('button', { name: '1 Y' }));
      await waitFor(() => expect(labelOf('Income monthly avg.')).toBe('Income monthly avg.'));
      expect(figure('Expenses monthly avg.').style.fontStyle).toBe('');
      expect(document.querySelector('[data-projected]')).toBeNull();
    });
  });

  it('cash flow: says so when the lines do not add up to the end balance', async () => {
    api({
      'POST analytics/cashflow': {
        status: 200,
        body: CASHFLOW.map((a) => (a.name === 'revaluation' ? asset('revaluation', 2) : a)),
      },
    });
    renderApp('/private/analytics/cashflow');
    expect(await screen.findByText('The lines above add up to 1 717.25 €.')).toBeTruthy();
  });

  it('holdings: total value, rows by converted value with the main currency unconverted, and the pie title', async () => {
    const calls = api();
    renderApp('/private/analytics/holdings');
    await screen.findByText('Converted value composition');
    expect(screen.getByText('1 145.40 €').getAttribute('data-figure')).toBe('Total value');
    const rows = [...document.querySelectorAll('[data-row]')].map((r) => cells(r as HTMLElement));
    expect(rows).toEqual([
      ['HUF', '400 000.00 Ft', '1 000.20 €'],
      ['EUR', '100.10 €', ''],
      ['USD', '$50.00', '45.70 €'],
      ['JPY', '- ¥100', '- 0.60 €'],
    ]);
    expect(screen.getByText('Not in the pie, being negative: JPY')).toBeTruthy();
    expect(typeof calls.find((c) => c.key === 'POST analytics/holdings')?.body).toBe('string');
  });

  it('balances: the last four stay hidden until the card is clicked, values coloured by sign', async () => {
    api();
    renderApp('/private/analytics/balances');
    await screen.findByText('100.10 €');
    expect(screen.getByText('1 146.00 €')).toBeTruthy();
    const hidden = screen.getAllByRole('img', { name: 'hidden' });
    expect(hidden.map((h) => h.getAttribute('data-figure'))).toEqual([
      'Loan pending',
      'Business pending',
      'Outstanding sum',
      'Net worth',
    ]);
    expect(screen.queryByText('1 596.00 €')).toBeNull();
    fireEvent.click(screen.getByTestId('balances-card'));
    expect(screen.getByText('1 596.00 €').getAttribute('data-figure')).toBe('Net worth');
    const loan = screen.getByText('- 250.00 €');
    expect(loan.getAttribute('data-figure')).toBe('Loan pending');
    expect(loan.style.color).toContain('red');
    expect(screen.getByText('700.00 €').style.color).toContain('teal');
    expect(screen.queryAllByRole('img', { name: 'hidden' })).toHaveLength(0);
    // The eye button is the keyboard handle; its click reaches the card and hides them again.
    fireEvent.click(screen.getByRole('button', { name: 'Hide balances' }));
    expect(screen.getAllByRole('img', { name: 'hidden' })).toHaveLength(4);
  });

  it('multi-period: the empty text when no category has anything, IN asks for income', async () => {
    const calls = api();
    renderApp('/private/analytics/multiperiod');
    expect(await screen.findByText('No transactions in this period')).toBeTruthy();
    const first = calls.find((c) => c.key === 'POST analytics/multiperiod')?.body;
    // The trend tabs start with the last 12 calendar months.
    expect(first).toEqual({ interval: toApiInterval(defaultTrend()), direction: false });
    fireEvent.click(screen.getByText('IN'));
    await waitFor(() =>
      expect((calls.filter((c) => c.key === 'POST analytics/multiperiod').at(-1)?.body as Body).direction).toBe(true),
    );
  });

  it('multi-period and balance history draw their charts when there is data', async () => {
    api({
      'POST analytics/multiperiod': {
        status: 200,
        body: [
          { name: 'dates', values: ['2026-01', '2026-02'] },
          { name: 'Rent', values: [600, 600] },
        ],
      },
    });
    renderApp('/private/analytics/multiperiod');
    expect(await screen.findByTestId('multiperiod-chart')).toBeTruthy();
    expect(screen.queryByText('No transactions in this period')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Balance history' }));
    expect(await screen.findByTestId('balance-history-chart')).toBeTruthy();
  });
});
