import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';

interface Named {
  name: string;
  asset: { amount: number };
}

describeEachDatabase('analytics: balance history and multi-period', (ctx) => {
  it('gives one point a day, each equal to the balances of that day', async () => {
    const { client } = await newUser(ctx, 'hist@example.com', 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
    const cats = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
    const id = (name: string) => cats.find((c) => c.name === name)?.id;
    const loan = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Bob', type: 'loan' })).id;
    const shop = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Shop', type: 'business' })).id;
    const t = async (body: object) => okJson(await client.post('/api/transaction/add', { currency: 'EUR', ...body }));
    await t({ amount: 300, categoryId: id('Other income'), time: '2026-09-29T10:00:00Z' });
    okJson(
      await client.post(
        '/api/fixpoint/set?time=2026-10-02T12:00:00Z',
        pockets.map((p) => ({ pocketId: p.pocketId, balance: p.currency === 'EUR' ? 1000 : 50 })),
      ),
    );
    await t({ amount: 80, categoryId: id('Other expense'), time: '2026-10-02T08:00:00Z' }); // before the fixpoint, same day
    await t({ amount: 20, categoryId: id('Other expense'), time: '2026-10-02T18:00:00Z' }); // after it
    await t({ amount: 50, categoryId: loan, isIncome: false, time: '2026-10-03T10:00:00Z' });
    await t({ amount: 200, categoryId: shop, isIncome: false, type: 'invest', time: '2026-10-04T10:00:00Z' });
    await t({ amount: 15, currency: 'USD', categoryId: id('Other income'), time: '2026-10-04T10:00:00Z' });
    okJson(
      await client.post('/api/conversion/add', {
        fromAmount: 100,
        fromCurrency: 'EUR',
        toAmount: 110,
        toCurrency: 'USD',
        time: '2026-10-05T10:00:00Z',
      }),
    );

    const history = okJson<{
      dates: string[];
      available: number[];
      loaned: number[];
      businesspending: number[];
      networth: number[];
    }>(
      await client.post('/api/analytics/balance-history', {
        start: '2026-09-28T00:00:00Z',
        end: '2026-10-06T23:59:59Z',
      }),
    );
    expect(history.dates).toEqual([
      '2026-09-28',
      '2026-09-29',
      '2026-09-30',
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      '2026-10-04',
      '2026-10-05',
      '2026-10-06',
    ]);
    for (const [i, date] of history.dates.entries()) {
      const balances = okJson<Named[]>(
        await client.post('/api/analytics/balances', JSON.stringify(date), {
          headers: { 'content-type': 'application/json' },
        }),
      );
      const v = (name: string) => balances.find((b) => b.name === name)?.asset.amount;
      expect([history.available[i], history.loaned[i], history.businesspending[i], history.networth[i]], date).toEqual([
        v('available'),
        v('loaned'),
        v('businesspending'),
        v('networth'),
      ]);
    }
    expect(history.available.slice(0, 5)).toEqual([0, 300, 300, 300, expect.any(Number) as number]);
    expect(history.loaned.at(-1)).toBe(50);
    expect(history.businesspending.at(-1)).toBe(200);
    expectError(
      await client.post('/api/analytics/balance-history', {
        start: '1990-01-01T00:00:00Z',
        end: '2026-01-01T00:00:00Z',
      }),
      400,
      'at most 7305 days',
    );
  });

  it('buckets P&L by month, top 7 categories plus Other', async () => {
    const { client } = await newUser(ctx, 'multi@example.com', 'EUR');
    const ids: number[] = [];
    for (let i = 1; i <= 9; i++)
      ids.push(
        okJson<{ id: number }>(await client.post('/api/category/add', { name: `C${i}`, type: 'real', isIncome: false }))
          .id,
      );
    for (const [i, categoryId] of ids.entries()) {
      await client.post('/api/transaction/add', {
        amount: 10 * (i + 1),
        currency: 'EUR',
        categoryId,
        time: '2026-01-15T10:00:00Z',
      });
      await client.post('/api/transaction/add', {
        amount: 1,
        currency: 'EUR',
        categoryId,
        time: '2026-03-01T00:00:00Z',
      });
    }
    const series = okJson<{ name: string; values: (number | string)[] }[]>(
      await client.post('/api/analytics/multiperiod', {
        interval: { start: '2026-01-01T00:00:00Z', end: '2026-03-31T23:59:59Z' },
        direction: false,
      }),
    );
    expect(series[0]).toEqual({ name: 'dates', values: ['2026-01', '2026-02', '2026-03'] });
    expect(series.slice(1).map((s) => s.name)).toEqual(['C9', 'C8', 'C7', 'C6', 'C5', 'C4', 'C3', 'Other']);
    expect(series[1]?.values).toEqual([90, 0, 1]);
    expect(series.at(-1)?.values).toEqual([30, 0, 2]); // C1 (10) + C2 (20) in January
    const income = okJson<{ name: string }[]>(
      await client.post('/api/analytics/multiperiod', {
        interval: { start: '2026-01-01T00:00:00Z', end: '2026-03-31T23:59:59Z' },
        direction: true,
      }),
    );
    expect(income.map((s) => s.name)).toEqual(['dates']);
  });
});
