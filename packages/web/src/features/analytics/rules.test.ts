import { describe, expect, it } from 'vitest';
import { asOfBody, balanceFigures } from './balances';
import { cashflowFigures, reconciledEnd, reconciliation } from './cashflow';
import { dateLabel, tickLabel, tooltipValue } from './chart-format';
import { defaultPeriod, defaultTrend } from './default-intervals';
import { holdingsView } from './holdings';
import { historyRows, multiPeriodRows } from './series';
import { intervalDays, monthlyAverage, percentText, shareTable, topSlices } from './shares';
import { asset, CASHFLOW, cat } from './test-fixtures';

describe('single period rules (spec §2, §9)', () => {
  it('counts the days of an interval, a one-day interval as one and a DST day as one', () => {
    expect(intervalDays({ start: new Date(2026, 0, 1), end: new Date(2026, 0, 1, 23, 59, 59) })).toBe(1);
    expect(intervalDays({ start: new Date(2026, 0, 1), end: new Date(2026, 0, 31, 23, 59, 59) })).toBe(31);
    expect(intervalDays({ start: new Date(2026, 2, 1), end: new Date(2026, 2, 31, 23, 59, 59) })).toBe(31);
  });

  it('monthly average is amount / (days / 30.42), exact and rounded half to even once', () => {
    // 100 over 30.42 days is exactly 100 a month.
    expect(monthlyAverage(100, 'EUR', 30)).toBe(101.4); // 100 x 30.42 / 30
    expect(monthlyAverage(1000, 'EUR', 365)).toBe(83.34); // 83.342465… -> 83.34
    expect(monthlyAverage(10, 'EUR', 7)).toBe(43.46); // 43.4571… -> 43.46
    expect(monthlyAverage(1000, 'HUF', 365)).toBe(83.34);
    expect(monthlyAverage(1000, 'JPY', 365)).toBe(83); // no minor unit
    expect(monthlyAverage(-10, 'EUR', 7)).toBe(-43.46);
    // A float version would drift: 0.1 + 0.2 style amounts stay exact in minor units.
    expect(monthlyAverage(0.3, 'EUR', 1)).toBe(9.13); // 9.126 -> 9.13
  });

  it('percent has one decimal, rounded half to even', () => {
    expect(percentText(1, 3, 'EUR')).toBe('33.3');
    expect(percentText(2, 3, 'EUR')).toBe('66.7');
    expect(percentText(50, 100, 'EUR')).toBe('50.0');
    expect(percentText(0.01, 8, 'EUR')).toBe('0.1'); // 0.125 -> 0.1 (half to even)
    expect(percentText(0.03, 8, 'EUR')).toBe('0.4'); // 0.375 -> 0.4
    expect(percentText(5, 0, 'EUR')).toBe('0.0');
  });

  it('lists only categories above 0, largest first, and a Sum row', () => {
    const table = shareTable([cat(1, 'Rent', 800), cat(2, 'Zero', 0), cat(3, 'Food', 150.1), cat(4, 'Fun', 49.9)], 30);
    expect(table?.rows.map((r) => r.name)).toEqual(['Rent', 'Food', 'Fun']);
    expect(table?.rows.map((r) => r.percent)).toEqual(['80.0', '15.0', '5.0']);
    expect(table?.sum).toMatchObject({ name: 'Sum', amount: 1000, percent: '100.0', monthly: 1014 });
    expect(table?.rows[1]?.monthly).toBe(152.2); // 150.10 x 30.42 / 30 = 152.2014
  });

  it('is undefined (the empty text) when no category is above 0', () => {
    expect(shareTable([], 30)).toBeUndefined();
    expect(shareTable([cat(1, 'Zero', 0)], 30)).toBeUndefined();
  });

  it('pie: the top 7 and the rest summed exactly as Other', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ name: `c${n}`, value: n * 10 + 0.1 }));
    const slices = topSlices(items, 'EUR');
    expect(slices).toHaveLength(8);
    expect(slices.slice(0, 7).map((s) => s.name)).toEqual(['c9', 'c8', 'c7', 'c6', 'c5', 'c4', 'c3']);
    expect(slices[7]).toEqual({ name: 'Other', value: 30.2 }); // 10.1 + 20.1, no float noise
    expect(topSlices(items.slice(0, 7), 'EUR')).toHaveLength(7);
    expect(
      topSlices(
        [
          { name: 'neg', value: -5 },
          { name: 'a', value: 1 },
        ],
        'EUR',
      ),
    ).toEqual([{ name: 'a', value: 1 }]);
  });
});

describe('chart formatting (spec §9)', () => {
  it('ticks abbreviate with k from 1000 and M from 1,000,000, without trailing zeros', () => {
    expect(tickLabel(0)).toBe('0');
    expect(tickLabel(250)).toBe('250');
    expect(tickLabel(999)).toBe('999');
    expect(tickLabel(1000)).toBe('1k');
    expect(tickLabel(1500)).toBe('1.5k');
    expect(tickLabel(12_345)).toBe('12.35k');
    expect(tickLabel(100_000)).toBe('100k');
    expect(tickLabel(2_500_000)).toBe('2.5M');
    expect(tickLabel(-3000)).toBe('-3k');
  });

  it('tooltips abbreviate with 2 decimals', () => {
    expect(tooltipValue(12.345)).toBe('12.35');
    expect(tooltipValue(1500)).toBe('1.50k');
    expect(tooltipValue(1_234_567)).toBe('1.23M');
    expect(tooltipValue(-2000)).toBe('-2.00k');
  });

  it('shows days and months as the product writes dates', () => {
    expect(dateLabel('2026-01-05')).toBe('2026.01.05.');
    expect(dateLabel('2026-01')).toBe('2026.01.');
  });
});

describe('cash flow figures (DESIGN §5)', () => {
  it('shows out sides as positive amounts beside a signed change, saving = income + expense', () => {
    const f = cashflowFigures(CASHFLOW, 30);
    expect(f).toMatchObject({
      currency: 'EUR',
      change: 718.25,
      income: 3000,
      expense: 2000.5,
      saving: 999.5,
      loans: { in: 100, out: 300, change: -200 },
      businesses: { in: 50, out: 20.25, change: 29.75 },
      temporary: { in: 150, out: 320.25, change: -170.25 },
      conversions: { in: 99.5, out: 100, change: -0.5 },
      externals: { in: 10, out: 5, change: 5 },
    });
    expect(f?.incomeMonthly).toBe(3042);
    expect(f?.expenseMonthly).toBe(2028.51); // 2000.50 x 30.42 / 30 = 2028.507
  });

  it('start plus every reconciliation line is the end balance', () => {
    const f = cashflowFigures(CASHFLOW, 30);
    if (f === undefined) throw new Error('no figures');
    // 1000 + 999.5 - 120 - 200 + 29.75 - 0.5 + 5 + 1.5 + 3 = 1718.25, the answer's end
    expect(reconciliation(f).map((l) => l.amount)).toEqual([999.5, -120, -200, 29.75, -0.5, 5, 1.5, 3]);
    expect(reconciledEnd(f)).toBe(f.end);
    expect(f.end).toBe(1718.25);
  });

  it('is undefined for an empty answer', () => {
    expect(cashflowFigures([], 30)).toBeUndefined();
  });
});

describe('holdings (spec §2)', () => {
  it('sorts by converted value, largest first, and totals in the main currency exactly', () => {
    const view = holdingsView(
      [
        { currency: 'EUR', amount: 100.1 },
        { currency: 'HUF', amount: 400000, convertedAmount: 1000.2 },
        { currency: 'USD', amount: 50, convertedAmount: 45.7 },
        { currency: 'JPY', amount: -1000, convertedAmount: -6.1 },
      ],
      'EUR',
    );
    expect(view.rows.map((r) => r.currency)).toEqual(['HUF', 'EUR', 'USD', 'JPY']);
    expect(view.rows.find((r) => r.currency === 'EUR')?.converted).toBeUndefined();
    expect(view.total).toBe(1139.9); // 1000.2 + 100.1 + 45.7 - 6.1
  });
});

describe('holdings provenance (issue 21)', () => {
  it('names the rate, the stored rates behind it, their days and sources', () => {
    const view = holdingsView(
      [
        { currency: 'EUR', amount: 10 },
        {
          currency: 'USD',
          amount: 12,
          convertedAmount: 10,
          rate: '0.8333333333',
          legs: [
            { currency: 'USD', day: '2026-10-20', rate: '1.2', source: 'ecb' },
            { currency: 'EUR', day: '2026-10-31', rate: '1', source: 'definition' },
          ],
        },
      ],
      'EUR',
    );
    expect(view.rows.find((r) => r.currency === 'USD')?.provenance).toEqual({
      rate: '1 USD = 0.83333 EUR',
      days: '2026-10-20',
      detail: 'USD 1.2 per EUR on 2026-10-20 (ecb)',
    });
    expect(view.rows.find((r) => r.currency === 'EUR')?.provenance).toBeUndefined();
  });
});

describe('balances card figures (spec §2)', () => {
  it('keeps the order and hides the last four', () => {
    const figures = balanceFigures([asset('networth', 5), asset('available', 3), asset('availablenominalmain', 1)]);
    expect(figures.map((f) => [f.label, f.hidden])).toEqual([
      ['Available nominal', false],
      ['Available (converted)', false],
      ['Loan pending', true],
      ['Business pending', true],
      ['Outstanding sum', true],
      ['Net worth', true],
    ]);
    expect(figures[5]?.asset?.amount).toBe(5);
    expect(figures[2]?.asset).toBeUndefined();
  });

  it('asks for the end of a past day, and for now when the day is today', () => {
    const now = new Date(2026, 10, 21, 15, 30);
    expect(asOfBody(new Date(2026, 10, 1), now)).toBe(new Date(2026, 10, 1, 23, 59, 59).toISOString());
    expect(asOfBody(new Date(2026, 10, 21), now)).toBe(now.toISOString());
    expect(asOfBody(undefined, now)).toBe(now.toISOString());
  });
});

describe('chart series', () => {
  it('multi-period: a row per month, the first 7 categories and everything after summed into Other', () => {
    const answer = [
      { name: 'dates', values: ['2026-01', '2026-02'] },
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ name: `c.${n}`, values: [n, n + 0.1] })),
      { name: 'Other', values: [0.2, 0.1] },
    ];
    const chart = multiPeriodRows(answer, 'EUR');
    expect(chart?.lines.map((l) => l.label)).toEqual(['c.1', 'c.2', 'c.3', 'c.4', 'c.5', 'c.6', 'c.7', 'Other']);
    // Keys never carry the names: a dot would be a path to recharts.
    expect(chart?.lines.map((l) => l.key)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7']);
    expect(chart?.rows[0]).toMatchObject({ x: '2026-01', s0: 1, s7: 8.2 });
    expect(chart?.rows[1]).toMatchObject({ x: '2026-02', s6: 7.1, s7: 8.2 });
  });

  it('multi-period: no category with anything is the empty case', () => {
    expect(multiPeriodRows([{ name: 'dates', values: ['2026-01'] }], 'EUR')).toBeUndefined();
    expect(
      multiPeriodRows(
        [
          { name: 'dates', values: ['2026-01'] },
          { name: 'Rent', values: [0] },
        ],
        'EUR',
      ),
    ).toBeUndefined();
  });

  it('balance history: a row per day with the four series', () => {
    expect(
      historyRows({
        dates: ['2026-01-01', '2026-01-02'],
        available: [1, 2],
        loaned: [3, 4],
        businesspending: [5, 6],
        networth: [9, 12],
      }),
    ).toEqual([
      { x: '2026-01-01', available: 1, loaned: 3, businesspending: 5, networth: 9 },
      { x: '2026-01-02', available: 2, loaned: 4, businesspending: 6, networth: 12 },
    ]);
  });
});

describe('default intervals', () => {
  it('periods start this month; trends with the last 12 whole months to today', () => {
    const today = new Date(2026, 10, 21, 15, 0);
    expect(defaultPeriod(today)).toEqual({ start: new Date(2026, 10, 1), end: new Date(2026, 10, 21, 23, 59, 59) });
    expect(defaultTrend(today)).toEqual({ start: new Date(2025, 11, 1), end: new Date(2026, 10, 21, 23, 59, 59) });
    expect(defaultTrend(new Date(2026, 0, 31)).start).toEqual(new Date(2025, 1, 1));
  });
});
