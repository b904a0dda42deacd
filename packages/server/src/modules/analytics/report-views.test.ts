import { dayFromIso } from '@kassa/money';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { CategoriesService } from '../categories/service.js';
import { LedgerReader } from '../ledger/reader.js';
import { PocketsService } from '../pockets/service.js';
import { RateTable } from '../rates/rate-table.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { TransactionsService } from '../transactions/service.js';
import { AnalyticsService } from './service.js';

// Report views (issue 21): valuation "then" | {date} and another currency, on hand-made rates
// (units per 1 EUR), main currency EUR:
//   from 2026-10-05 (and before it): USD 1.25, JPY 160
//   from 2026-10-20:                 USD 1.2,  JPY 150
// Expenses: 12.50 USD on 10-06, 12.00 USD on 10-21, 30.00 EUR on 10-22.
const day = (iso: string) => dayFromIso(iso) ?? 0;
const HAND = RateTable.build([
  { day: day('2026-10-05'), currency: 'USD', rate: '1.25', source: 'test' },
  { day: day('2026-10-05'), currency: 'JPY', rate: '160', source: 'test' },
  { day: day('2026-10-20'), currency: 'USD', rate: '1.2', source: 'test' },
  { day: day('2026-10-20'), currency: 'JPY', rate: '150', source: 'test' },
]);
const t = (iso: string) => Date.parse(iso);
const OCTOBER = [t('2026-10-01T00:00:00Z'), t('2026-10-31T23:59:59.999Z')] as const;

describeEachDatabase('analytics: report views (valuation and currency)', (ctx) => {
  let analytics: AnalyticsService;
  let owner: { id: number; mainCurrency: string };
  beforeAll(async () => {
    const db = ctx.database.db;
    const rates = new RatesService(new RatesRepository(db), HAND);
    const categories = new CategoriesService(db);
    const ledger = new LedgerReader(db, () => Promise.resolve('hand-rates'));
    const transactions = new TransactionsService(db, categories, rates, ledger);
    analytics = new AnalyticsService(db, ledger, rates);
    const user = await ctx.createUser({ email: 'views@example.com', password: 'password-1', mainCurrency: 'EUR' });
    owner = { id: user.id, mainCurrency: 'EUR' };
    for (const currency of ['USD', 'JPY']) await new PocketsService(db).addCurrency(user.id, { currency, items: [] });
    const expense = (await categories.list(user.id, 'EUR', {})).find((c) => c.name === 'Other expense')?.id ?? 0;
    for (const [amount, currency, at] of [
      [12.5, 'USD', '2026-10-06T10:00:00Z'],
      [12, 'USD', '2026-10-21T10:00:00Z'],
      [30, 'EUR', '2026-10-22T10:00:00Z'],
    ] as const)
      await transactions.add(owner, {
        amount,
        currency,
        categoryId: expense,
        description: '',
        time: t(at),
        isIncome: false,
        type: null,
      });
  });

  const spent = async (view: Parameters<AnalyticsService['onePeriod']>[4]) =>
    (await analytics.onePeriod(owner, ...OCTOBER, false, view)).map((c) => c.asset);

  it('values every flow at its own day by default, and all at one date when asked', async () => {
    // 12.50 / 1.25 + 12 / 1.2 + 30 = 10 + 10 + 30
    expect(await spent(undefined)).toEqual([{ amount: 50, currency: 'EUR' }]);
    expect(await spent({ valuation: 'then' })).toEqual([{ amount: 50, currency: 'EUR' }]);
    // At 10-06's rates: 24.50 / 1.25 + 30 = 19.60 + 30
    expect(await spent({ valuation: { date: day('2026-10-06') } })).toEqual([{ amount: 49.6, currency: 'EUR' }]);
    // At 10-25's rates: 24.50 / 1.2 = 20.41666… + 30 = 50.41666… → 50.42 (rounded once)
    expect(await spent({ valuation: { date: day('2026-10-25') } })).toEqual([{ amount: 50.42, currency: 'EUR' }]);
  });

  it('shows a report in another of the user’s currencies, then or at a date', async () => {
    // 12.50 + 12.00 + 30 EUR × 1.2 (10-22) = 60.50 USD
    expect(await spent({ currency: 'USD' })).toEqual([{ amount: 60.5, currency: 'USD' }]);
    // 24.50 + 30 × 1.25 = 62.00 USD
    expect(await spent({ currency: 'USD', valuation: { date: day('2026-10-06') } })).toEqual([
      { amount: 62, currency: 'USD' },
    ]);
    // 12.50 / 1.25 × 160 + 12 / 1.2 × 150 + 30 × 150 = 1600 + 1500 + 4500 JPY
    expect(await spent({ currency: 'JPY' })).toEqual([{ amount: 7600, currency: 'JPY' }]);
    const months = await analytics.multiPeriod(owner, ...OCTOBER, false, {
      currency: 'USD',
      valuation: { date: day('2026-10-06') },
    });
    expect(months).toEqual([
      { name: 'dates', values: ['2026-10'] },
      { name: 'Other expense', values: [62] },
    ]);
    await expect(spent({ currency: 'GBP' })).rejects.toMatchObject({
      status: 400,
      message: 'currency: GBP is not one of your currencies',
    });
  });

  it('keeps the cash-flow identity in every view: at one date nothing is left to revaluation', async () => {
    const named = async (view: Parameters<AnalyticsService['cashflow']>[3]) =>
      Object.fromEntries((await analytics.cashflow(owner, ...OCTOBER, view)).map((n) => [n.name, n.asset.amount]));
    // Each day's rate: spent 50.00; end = -24.50 USD at 1.2 (-20.42) - 30 = -50.42; revaluation -0.42.
    const then = await named(undefined);
    expect([then['expense'], then['start'], then['end'], then['revaluation']]).toEqual([-50, 0, -50.42, -0.42]);
    // All at 10-06 in USD: spent 62.00, end -24.50 - 37.50 = -62.00, revaluation 0.
    const fixed = await named({ currency: 'USD', valuation: { date: day('2026-10-06') } });
    expect([fixed['expense'], fixed['start'], fixed['end'], fixed['revaluation']]).toEqual([-62, 0, -62, 0]);
  });

  it('gives each holding its rate, the stored rates behind it, their days and sources', async () => {
    const holdings = await analytics.holdings(owner, t('2026-10-31T12:00:00Z'));
    expect(holdings).toEqual([
      {
        currency: 'USD',
        amount: -24.5,
        convertedAmount: -20.42,
        rate: '0.8333333333',
        legs: [
          { currency: 'USD', day: '2026-10-20', rate: '1.2', source: 'test' },
          { currency: 'EUR', day: '2026-10-31', rate: '1', source: 'definition' },
        ],
      },
      { currency: 'EUR', amount: -30 },
    ]);
  });
});

describeEachDatabase('analytics: report views over HTTP, and exrate/used', (ctx) => {
  it('checks the view fields, and lists the stored rates an interval uses', async () => {
    const { client } = await newUser(ctx, 'views-http@example.com', 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const interval = { start: '2024-01-01T00:00:00Z', end: '2024-01-31T23:59:59Z' };
    const bad = [
      [{ ...interval, valuation: 'now' }, 'valuation: must be "then" or {"date": "YYYY-MM-DD"}'],
      [{ ...interval, valuation: { date: '2024-02-30' } }, 'valuation'],
      [{ ...interval, currency: 'GBP' }, 'currency: GBP is not one of your currencies'],
    ] as const;
    for (const [body, message] of bad) expectError(await client.post('/api/analytics/cashflow', body), 400, message);
    okJson(await client.post('/api/analytics/cashflow', { ...interval, currency: 'usd', valuation: 'then' }));
    const oneperiod = okJson<{ asset: { currency: string } }[]>(
      await client.post('/api/analytics/oneperiod', {
        interval,
        direction: false,
        currency: 'USD',
        valuation: { date: '2024-01-15' },
      }),
    );
    expect(oneperiod).toEqual([]);

    const used = okJson<{ currencies: { currency: string; rates: { day: string; rate: string; source: string }[] }[] }>(
      await client.post('/api/exrate/used', interval),
    );
    // EUR is the base and has none; USD: the rate in force on 01-01, then every later one of January.
    expect(used.currencies.map((c) => c.currency)).toEqual(['USD']);
    const usd = used.currencies[0]?.rates ?? [];
    expect((usd[0]?.day ?? '') <= '2024-01-01' && (usd[1]?.day ?? '') > '2024-01-01').toBe(true);
    expect(usd.at(-1)?.day).toBe('2024-01-31');
    expect(usd.length).toBeGreaterThan(20);
    expect(usd.every((r) => /^\d+(\.\d+)?$/.test(r.rate) && r.source.length > 0)).toBe(true);
    expectError(await client.post('/api/exrate/used', { start: interval.end, end: interval.start }), 400);
  });
});
