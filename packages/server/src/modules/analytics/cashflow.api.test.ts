import { dayFromIso, findCurrency, type CurrencyInfo } from '@kassa/money';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { bundledRates } from '../rates/bundle.js';
import { Converter } from '../rates/conversion.js';

interface Named {
  name: string;
  asset: { amount: number; currency: string };
}

const toEurCents = (usdCents: bigint, iso: string) =>
  Number(
    new Converter(bundledRates(), findCurrency('EUR') as CurrencyInfo).toMinor(
      usdCents,
      findCurrency('USD') as CurrencyInfo,
      dayFromIso(iso) ?? 0,
    ),
  );

describeEachDatabase('analytics: cashflow and single period', (ctx) => {
  it('splits every flow into its bucket, and the identity holds to the cent', async () => {
    const { client } = await newUser(ctx, 'cf@example.com', 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
    okJson(
      await client.post(
        '/api/fixpoint/set?time=2026-10-01T00:00:00Z',
        pockets.map((p) => ({ pocketId: p.pocketId, balance: p.currency === 'EUR' ? 1000 : 100 })),
      ),
    );
    const cats = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
    const id = (name: string) => cats.find((c) => c.name === name)?.id;
    const loan = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Bob', type: 'loan' })).id;
    const shop = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Shop', type: 'business' })).id;
    const t = async (body: object) =>
      okJson(await client.post('/api/transaction/add', { currency: 'EUR', time: '2026-10-05T10:00:00Z', ...body }));
    await t({ amount: 500, categoryId: id('Other income') });
    await t({ amount: 120, categoryId: id('Other expense') });
    await t({ amount: 10, currency: 'USD', categoryId: id('Other expense'), time: '2026-10-06T10:00:00Z' });
    await t({ amount: 50, categoryId: loan, isIncome: false });
    await t({ amount: 20, categoryId: loan, isIncome: true });
    await t({ amount: 200, categoryId: shop, isIncome: false, type: 'invest' });
    await t({ amount: 30, categoryId: shop, isIncome: true, type: 'pnl' });
    await t({ amount: 40, categoryId: shop, isIncome: true, type: 'realize' });
    await t({ amount: 10, categoryId: id('Untracked accounts'), isIncome: true });
    await t({ amount: 5, categoryId: id('Other external'), isIncome: false });
    okJson(
      await client.post('/api/conversion/add', {
        fromAmount: 100,
        fromCurrency: 'EUR',
        toAmount: 110,
        toCurrency: 'USD',
        time: '2026-10-07T10:00:00Z',
      }),
    );
    await t({ amount: 999, categoryId: id('Other income'), time: '2026-11-02T10:00:00Z' }); // outside

    const october = { start: '2026-10-01T00:00:00Z', end: '2026-10-31T23:59:59Z' };
    const cf = okJson<Named[]>(await client.post('/api/analytics/cashflow', october));
    const cents = Object.fromEntries(cf.map((n) => [n.name, Math.round(n.asset.amount * 100)]));
    const usdExpense = toEurCents(1000n, '2026-10-06');
    const usdConverted = toEurCents(11000n, '2026-10-07');
    expect(cents).toMatchObject({
      income: 57000, // 500 real + 30 pnl + 40 realize
      expense: -12000 - usdExpense,
      loanin: 2000,
      loanout: -5000,
      businessin: 0,
      businessout: -20000,
      tempin: 2000,
      tempout: -25000,
      convin: usdConverted,
      convout: -10000,
      externalin: 1000,
      externalout: -500,
      start: 0,
      realized: 4000,
    });
    // The fixpoint at the interval's first instant: its whole stated balance is its error.
    expect(cents['fixpointerror']).toBe(100000 + toEurCents(10000n, '2026-10-01'));
    const c = (n: string) => cents[n] ?? Number.NaN;
    const explained =
      c('income') +
      c('expense') -
      c('realized') +
      c('loanin') +
      c('loanout') +
      c('businessin') +
      c('businessout') +
      c('convin') +
      c('convout') +
      c('externalin') +
      c('externalout') +
      c('fixpointerror') +
      c('revaluation');
    expect(c('end') - c('start')).toBe(explained);
    expect(cf.every((n) => n.asset.currency === 'EUR')).toBe(true);

    const out = okJson<{ name: string; categoryId: number; asset: { amount: number } }[]>(
      await client.post('/api/analytics/oneperiod', { interval: october, direction: false }),
    );
    expect(out.map((o) => [o.name, Math.round(o.asset.amount * 100)])).toEqual([['Other expense', 12000 + usdExpense]]);
    const inc = okJson<{ name: string; asset: { amount: number } }[]>(
      await client.post('/api/analytics/oneperiod', { interval: october, direction: true }),
    );
    expect(inc.map((o) => [o.name, o.asset.amount])).toEqual([
      ['Other income', 500],
      ['Shop', 70],
    ]);

    expectError(
      await client.post('/api/analytics/cashflow', { start: october.end, end: october.start }),
      400,
      'start must not be after end',
    );
    expectError(await client.post('/api/analytics/oneperiod', { interval: october }), 400, 'direction: ');
    const other = await newUser(ctx, 'cf-other@example.com', 'EUR');
    const theirs = okJson<Named[]>(await other.client.post('/api/analytics/cashflow', october));
    expect(theirs.every((n) => n.asset.amount === 0)).toBe(true);
  });
});
