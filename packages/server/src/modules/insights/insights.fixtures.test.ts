import type { Kysely } from 'kysely';
import { dayFromIso } from '@kassa/money';
import { beforeAll, expect, it } from 'vitest';
import { fillMonthlyMainCurrency } from '../../db/migrations/0026-monthly-main-currency.js';
import { describeEachDatabase } from '../../test/harness.js';
import { CategoriesService } from '../categories/service.js';
import { ConversionsService } from '../conversions/service.js';
import { FixpointsService } from '../fixpoints/service.js';
import { LedgerReader } from '../ledger/reader.js';
import { PocketsService } from '../pockets/service.js';
import { RateTable } from '../rates/rate-table.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { TransactionsService } from '../transactions/service.js';
import { apportion } from './figures.js';
import { InsightsService } from './service.js';

// Hand-computed fixtures on hand-made rates (units per 1 EUR), main currency EUR:
//   from 2026-10-05 (and before it, as the first rate): USD 1.25, JPY 160, GBP 0.8
//   from 2026-10-20:                                     USD 1.2,  JPY 150
const day = (iso: string) => dayFromIso(iso) ?? 0;
const HAND = RateTable.build([
  { day: day('2026-10-05'), currency: 'USD', rate: '1.25', source: 'test' },
  { day: day('2026-10-05'), currency: 'JPY', rate: '160', source: 'test' },
  { day: day('2026-10-05'), currency: 'GBP', rate: '0.8', source: 'test' },
  { day: day('2026-10-20'), currency: 'USD', rate: '1.2', source: 'test' },
  { day: day('2026-10-20'), currency: 'JPY', rate: '150', source: 'test' },
]);
const t = (iso: string) => Date.parse(iso);
const NOW = t('2026-11-20T00:00:00Z');

describeEachDatabase('insights: hand-computed fixtures', (ctx) => {
  let services: ReturnType<typeof makeServices>;
  const makeServices = () => {
    const db = ctx.database.db;
    const rates = new RatesService(new RatesRepository(db), HAND);
    const categories = new CategoriesService(db);
    const ledger = new LedgerReader(db, () => Promise.resolve('hand-rates'));
    return {
      db,
      categories,
      pockets: new PocketsService(db),
      transactions: new TransactionsService(db, categories, rates, ledger),
      conversions: new ConversionsService(db),
      fixpoints: new FixpointsService(db, ledger, () => NOW),
      insights: new InsightsService(ledger, rates),
    };
  };
  beforeAll(() => {
    services = makeServices();
  });

  /** A user with EUR main and the currencies given; answers its owner and a category lookup. */
  const userWith = async (email: string, currencies: string[]) => {
    const user = await ctx.createUser({ email, password: 'password-1', mainCurrency: 'EUR' });
    for (const currency of currencies) await services.pockets.addCurrency(user.id, { currency, items: [] });
    const cats = await services.categories.list(user.id, 'EUR', {});
    const cat = (name: string) => cats.find((c) => c.name === name)?.id ?? 0;
    return { owner: { id: user.id, mainCurrency: 'EUR' }, cat };
  };
  const convert = (userId: number, from: string, fromAmount: string, to: string, toAmount: string, at: string) =>
    services.conversions.add(userId, {
      fromAmount,
      fromCurrency: from,
      toAmount,
      toCurrency: to,
      description: '',
      time: t(at),
    });

  it('conversion-costs: each cost, month, pair and the total exact and rounded once', async () => {
    const { owner } = await userWith('costs@example.com', ['USD', 'JPY']);
    const id = owner.id;
    // #1 2026-10-06 100.00 EUR → 123.00 USD; reference 1.25, effective 1.23.
    //    from-leg 100.00 EUR = 10000 c; to-leg 123 / 1.25 = 98.40 EUR = 9840 c; cost 160 c = 1.60.
    await convert(id, 'EUR', '100', 'USD', '123', '2026-10-06T10:00:00Z');
    // #2 2026-10-07 50.00 USD → 6300 JPY; reference 160 / 1.25 = 128, effective 126.
    //    from 50 / 1.25 = 40.00 EUR = 4000 c; to 6300 / 160 = 39.375 EUR = 3937.5 c; cost 62.5 c → 0.62 (half to even).
    await convert(id, 'USD', '50', 'JPY', '6300', '2026-10-07T10:00:00Z');
    // #6 2026-10-08 the same again: cost 62.5 c → 0.62; the pair USD>JPY sums 125 c exactly → 1.25 (not 1.24).
    await convert(id, 'USD', '50', 'JPY', '6300', '2026-10-08T10:00:00Z');
    // #3 2026-10-21 10000 JPY → 66.00 USD; reference 1.2 / 150 = 0.008, effective 0.0066.
    //    from 10000 / 150 = 66.666… EUR = 6666.666… c; to 66 / 1.2 = 55.00 EUR = 5500 c; cost 1166.666… c → 11.67.
    await convert(id, 'JPY', '10000', 'USD', '66', '2026-10-21T10:00:00Z');
    // #5 2026-10-22 1000 JPY → 6.00 EUR; reference 1 / 150 = 0.006666666667 (10 digits), effective 0.006.
    //    from 1000 / 150 = 666.666… c; to 600 c; cost 66.666… c → 0.67.
    await convert(id, 'JPY', '1000', 'EUR', '6', '2026-10-22T10:00:00Z');
    // #4 2026-11-02 200.00 EUR → 239.00 USD; reference 1.2, effective 1.195.
    //    to 239 / 1.2 = 199.1666… EUR; cost 83.333… c → 0.83.
    await convert(id, 'EUR', '200', 'USD', '239', '2026-11-02T10:00:00Z');
    // Outside the interval: not counted.
    await convert(id, 'EUR', '1000', 'USD', '1', '2026-12-02T10:00:00Z');

    const r = await services.insights.conversionCosts(owner, t('2026-10-01T00:00:00Z'), t('2026-11-30T23:59:59.999Z'));
    expect(r.currency).toBe('EUR');
    expect(r.count).toBe(6);
    // Most expensive first; the two 0.62 ones by time.
    expect(r.items.map((i) => [i.fromCurrency, i.toCurrency, i.cost, i.effectiveRate, i.referenceRate])).toEqual([
      ['JPY', 'USD', 11.67, 0.0066, 0.008],
      ['EUR', 'USD', 1.6, 1.23, 1.25],
      ['EUR', 'USD', 0.83, 1.195, 1.2],
      ['JPY', 'EUR', 0.67, 0.006, 0.006666666667],
      ['USD', 'JPY', 0.62, 126, 128],
      ['USD', 'JPY', 0.62, 126, 128],
    ]);
    expect(r.items[4]?.time).toBe('2026-10-07T10:00:00.000Z');
    expect(r.items[0]?.rateDay).toBe('2026-10-21');
    expect(r.items[0]).toMatchObject({ fromAmount: 10000, toAmount: 66 });
    // October: 160 + 62.5 + 62.5 + 1166.666… + 66.666… = 1518.333… c → 15.18; November 83.333… c → 0.83.
    expect(r.months).toEqual([
      { month: '2026-10', cost: 15.18 },
      { month: '2026-11', cost: 0.83 },
    ]);
    // Pairs, most expensive first: JPY>USD 1166.666… c; EUR>USD 160 + 83.333… = 243.333… c; USD>JPY 125 c; JPY>EUR 66.666… c.
    expect(r.pairs).toEqual([
      { from: 'JPY', to: 'USD', count: 1, cost: 11.67 },
      { from: 'EUR', to: 'USD', count: 2, cost: 2.43 },
      { from: 'USD', to: 'JPY', count: 2, cost: 1.25 },
      { from: 'JPY', to: 'EUR', count: 1, cost: 0.67 },
    ]);
    // Total 1601.666… c → 16.02 (the rounded items add up to 16.01: rounded once, not summed rounded).
    expect(r.total).toBe(16.02);
  });

  it('networth-bridge: the exchange-rate effect of a currency, by hand, and the identity to the cent', async () => {
    const { owner, cat } = await userWith('bridge@example.com', ['USD']);
    const loan = (
      await services.categories.add(owner.id, 'EUR', {
        name: 'Friend',
        type: 'loan',
        description: '',
        isActive: true,
        monthlyLimit: null,
      })
    ).id;
    const tx = (currency: string, amount: string, categoryId: number, at: string, isIncome: boolean | null = null) =>
      services.transactions.add(owner, {
        amount,
        currency,
        categoryId,
        description: '',
        time: t(at),
        isIncome,
        type: null,
      });
    // Before the interval: 100 EUR and 100 USD (at 1.25: 80.00 EUR) → net worth 180.00.
    await tx('EUR', '100', cat('Other income'), '2026-10-06T10:00:00Z');
    await tx('USD', '100', cat('Other income'), '2026-10-06T10:00:00Z');
    // In the interval 2026-10-10 … 2026-10-25:
    // 10-12 40.00 EUR → 49.00 USD at 1.25: to-leg 39.20 EUR, conversion cost 0.80.
    await convert(owner.id, 'EUR', '40', 'USD', '49', '2026-10-12T10:00:00Z');
    // 10-21 20.00 USD expense at 1.2: 16.666… EUR; 10-23 10.00 EUR expense. expense = −26.666… → −26.67.
    await tx('USD', '20', cat('Other expense'), '2026-10-21T10:00:00Z');
    await tx('EUR', '10', cat('Other expense'), '2026-10-23T10:00:00Z');
    // 10-22 30.00 USD lent: moves USD from available to loans, no part.
    await tx('USD', '30', loan, '2026-10-22T10:00:00Z', false);
    // End (10-25, 1.2): EUR 50; USD available 99 → 82.50, loaned 30 → 25.00; net worth 157.50.
    // fx USD = 107.50 − 80.00 − 39.20 (the 49 USD in, at 1.25) + 16.666… (the 20 USD out, at 1.2)
    //        = 4.9666… (149 USD held across the move: 149 × (1/1.2 − 1/1.25) = 4.9666…) → 4.97.
    // Check: 180.00 − 26.67 − 0.80 + 4.97 = 157.50.
    const r = await services.insights.networthBridge(owner, t('2026-10-10T00:00:00Z'), t('2026-10-25T23:59:59.999Z'));
    expect(r).toEqual({
      currency: 'EUR',
      start: 180,
      end: 157.5,
      parts: [
        { name: 'income', amount: 0 },
        { name: 'expense', amount: -26.67 },
        { name: 'business', amount: 0 },
        { name: 'external', amount: 0 },
        { name: 'conversioncost', amount: -0.8 },
        { name: 'fx', amount: 4.97, currency: 'USD' },
        { name: 'fixpointerror', amount: 0 },
      ],
    });
  });

  it('fixpoint-drift: errors native and main, running totals, the monthly average and the pockets', async () => {
    const { owner, cat } = await userWith('drift@example.com', ['USD']);
    const tx = (currency: string, amount: string, at: string) =>
      services.transactions.add(owner, {
        amount,
        currency,
        categoryId: cat('Other income'),
        description: '',
        time: t(at),
        isIncome: null,
        type: null,
      });
    await tx('EUR', '100', '2026-10-06T10:00:00Z');
    await tx('USD', '100', '2026-10-06T10:00:00Z');
    const pockets = await services.pockets.list(owner.id);
    const state = (eur: string, usd: string) =>
      pockets.map((p) => ({ pocketId: p.pocketId, balance: p.currency === 'EUR' ? eur : usd }));
    // F1 10-15: EUR 98 (error −2), USD 103 (error +3, at 1.25: 2.40 EUR).
    const f1 = await services.fixpoints.set(owner.id, state('98', '103'), t('2026-10-15T12:00:00Z'));
    // F2 10-22: EUR 97 (error −1), USD 101.50 (error −1.50, at 1.2: −1.25 EUR).
    const f2 = await services.fixpoints.set(owner.id, state('97', '101.5'), t('2026-10-22T12:00:00Z'));
    const r = await services.insights.fixpointDrift(owner, t('2026-10-01T00:00:00Z'), t('2026-10-31T23:59:59.999Z'));
    expect(r.currency).toBe('EUR');
    const [eur, usd] = r.currencies;
    // EUR: −3 over 31 days: −3 × 30.42 / 31 = −2.94387… → −2.94.
    expect(eur).toMatchObject({ currency: 'EUR', total: -3, monthlyAverage: -2.94 });
    expect(eur?.items.map((i) => [i.fixpointId, i.error, i.errorMain, i.cumulative, i.stated, i.calculated])).toEqual([
      [f1.id, -2, -2, -2, 98, 100],
      [f2.id, -1, -1, -3, 97, 98],
    ]);
    // USD: 2.40 − 1.25 = 1.15 EUR; 1.15 × 30.42 / 31 = 1.12848… → 1.13.
    expect(usd).toMatchObject({ currency: 'USD', total: 1.5, monthlyAverage: 1.13 });
    expect(usd?.items.map((i) => [i.error, i.errorMain, i.cumulative, i.stated, i.calculated])).toEqual([
      [3, 2.4, 2.4, 103, 100],
      [-1.5, -1.25, 1.15, 101.5, 103],
    ]);
    const usdPocket = pockets.find((p) => p.currency === 'USD');
    expect(usd?.items[0]?.pockets).toEqual([{ pocketId: usdPocket?.pocketId, name: usdPocket?.name, balance: 103 }]);
    // The bridge counts the same errors: 2.40 − 1.25 − 3.00 = −1.85.
    const bridge = await services.insights.networthBridge(
      owner,
      t('2026-10-01T00:00:00Z'),
      t('2026-10-31T23:59:59.999Z'),
    );
    expect(bridge.parts.find((p) => p.name === 'fixpointerror')?.amount).toBe(-1.85);
  });

  it('exposure: daily values per currency with shares, weekly over long intervals, and a 10 % move', async () => {
    const { owner, cat } = await userWith('exposure@example.com', ['USD', 'GBP']);
    const tx = (currency: string, amount: string, at: string) =>
      services.transactions.add(owner, {
        amount,
        currency,
        categoryId: cat('Other income'),
        description: '',
        time: t(at),
        isIncome: null,
        type: null,
      });
    await tx('EUR', '100', '2026-10-06T10:00:00Z');
    await tx('USD', '125', '2026-10-07T10:00:00Z');
    await tx('GBP', '0.01', '2026-10-07T10:00:00Z');
    const r = await services.insights.exposure(owner, t('2026-10-06T00:00:00Z'), t('2026-10-20T23:59:59.999Z'));
    expect(r.step).toBe('day');
    expect(r.dates).toHaveLength(15);
    expect(r.dates[0]).toBe('2026-10-06');
    const series = new Map(r.series.map((s) => [s.currency, s]));
    expect(r.series.map((s) => s.currency)).toEqual(['EUR', 'GBP', 'USD']);
    // 10-06: only EUR; 10-07: EUR 100, USD 125 / 1.25 = 100.00, GBP 0.01 / 0.8 = 0.0125 → 0.01.
    expect(series.get('USD')?.values.slice(0, 2)).toEqual([0, 100]);
    expect(series.get('GBP')?.values[1]).toBe(0.01);
    expect(series.get('EUR')?.shares.slice(0, 2)).toEqual([100, 50]); // 100 / 200.01 = 49.9975 % → 50.00
    // 10-20: USD at 1.2: 104.166… → 104.17.
    expect(series.get('USD')?.values.at(-1)).toBe(104.17);
    // A 10 % move at the end: USD 125 / 1.2 / 10 = 10.41666… → 10.42; GBP 0.0125 / 10 → 0.00.
    expect(r.sensitivity).toEqual([
      { currency: 'USD', amount: 10.42 },
      { currency: 'GBP', amount: 0 },
    ]);
    const long = await services.insights.exposure(owner, t('2025-09-01T00:00:00Z'), t('2026-10-20T23:59:59.999Z'));
    expect(long.step).toBe('week');
    expect(long.dates.at(-1)).toBe('2026-10-20');
    expect(long.dates.at(-2)).toBe('2026-10-13');
  });

  it('a currency without any rate is a 422 missing_rate, never 1.0', async () => {
    const { owner } = await userWith('norate@example.com', ['USD', 'CHF']);
    await convert(owner.id, 'USD', '10', 'CHF', '9', '2026-10-07T10:00:00Z');
    const interval = [t('2026-10-01T00:00:00Z'), t('2026-10-31T23:59:59.999Z')] as const;
    for (const report of ['conversionCosts', 'networthBridge', 'exposure'] as const)
      await expect(services.insights[report](owner, ...interval)).rejects.toMatchObject({
        status: 422,
        type: 'missing_rate',
        message: 'No exchange rate is known for CHF',
      });
  });

  it('migration 0026 fills the per-currency roll-up of clean months exactly as the reports rebuild it', async () => {
    const { owner, cat } = await userWith('backfill@example.com', ['USD', 'JPY']);
    for (const [currency, amount, at] of [
      ['USD', '10.01', '2026-09-03T10:00:00Z'],
      ['JPY', '777', '2026-10-06T10:00:00Z'],
      ['EUR', '3.5', '2026-10-21T10:00:00Z'],
    ] as const)
      await services.transactions.add(owner, {
        amount,
        currency,
        categoryId: cat('Other expense'),
        description: '',
        time: t(at),
        isIncome: null,
        type: null,
      });
    await convert(owner.id, 'USD', '5', 'JPY', '700', '2026-10-07T10:00:00Z');
    // A report that reads both months whole (its last day too) values and rolls them up.
    await services.insights.networthBridge(owner, t('2026-09-01T00:00:00Z'), t('2026-11-01T00:00:00Z'));
    expect(
      await services.db.selectFrom('dirty_months').select('month').where('user_id', '=', owner.id).execute(),
    ).toEqual([]);
    const rows = () =>
      services.db
        .selectFrom('monthly_main_currency')
        .select(['month', 'currency', 'kind', 'business_type', 'is_income', 'main_minor', 'main_frac'])
        .where('user_id', '=', owner.id)
        .orderBy('month')
        .orderBy('currency')
        .orderBy('kind')
        .orderBy('business_type')
        .orderBy('is_income')
        .execute();
    const rebuilt = await rows();
    expect(rebuilt.length).toBeGreaterThanOrEqual(5);
    // As before the migration: no roll-up at all (every user's months are clean here).
    await services.db.deleteFrom('monthly_main_currency').execute();
    await fillMonthlyMainCurrency(services.db as unknown as Kysely<unknown>);
    const filled = await rows();
    expect(filled).toEqual(rebuilt);
  });

  it('apportion keeps each share within a unit and hits the target exactly', () => {
    const S = 10n ** 12n;
    // 1.4 + 1.4 + 1.4 = 4.2 → target 5: rounded 1 + 1 + 1 = 3, two units left, to the first two.
    expect(apportion([(14n * S) / 10n, (14n * S) / 10n, (14n * S) / 10n], 5n)).toEqual([2n, 2n, 1n]);
    expect(apportion([(-15n * S) / 10n, (7n * S) / 10n], -2n)).toEqual([-2n, 0n]);
    expect(apportion([], 0n)).toEqual([]);
  });
});
