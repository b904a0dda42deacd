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

describeEachDatabase('analytics: balances and holdings', (ctx) => {
  it('gives available per currency from the last fixpoint, loans and business pending, converted at the date', async () => {
    const { client } = await newUser(ctx, 'bal@example.com', 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
    okJson(
      await client.post(
        '/api/fixpoint/set?time=2026-10-01T00:00:00Z',
        pockets.map((p) => ({ pocketId: p.pocketId, balance: p.currency === 'EUR' ? 1000 : 100 })),
      ),
    );
    const cats = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
    const expense = cats.find((c) => c.name === 'Other expense')?.id;
    const income = cats.find((c) => c.name === 'Other income')?.id;
    const loan = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Bob', type: 'loan' })).id;
    const biz = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Shop', type: 'business' })).id;
    const add = (body: object) =>
      client.post('/api/transaction/add', { currency: 'EUR', time: '2026-10-05T10:00:00Z', ...body });
    okJson(await add({ amount: 100, categoryId: expense }));
    okJson(await add({ amount: 50, categoryId: loan, isIncome: false }));
    okJson(await add({ amount: 200, categoryId: biz, isIncome: false, type: 'invest' }));
    okJson(await add({ amount: 30, categoryId: biz, isIncome: true, type: 'realize' }));
    okJson(await add({ amount: 20, currency: 'USD', categoryId: income, time: '2026-10-06T10:00:00Z' }));

    // EUR: 1000 - 100 - 50 - 200 (realize moves no cash) = 650; USD: 100 + 20 = 120
    const explained = new Converter(bundledRates(), findCurrency('EUR') as CurrencyInfo).explain(
      12000n,
      findCurrency('USD') as CurrencyInfo,
      dayFromIso('2026-10-31') ?? 0,
    );
    const usd = Number(explained.minor) / 100;
    const holdings = okJson<{ currency: string; amount: number; convertedAmount?: number }[]>(
      await client.post('/api/analytics/holdings', '"2026-10-31"', {
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(holdings).toEqual([
      { currency: 'EUR', amount: 650 },
      // With its provenance: the rate and the stored rates behind it (issue 21).
      { currency: 'USD', amount: 120, convertedAmount: usd, rate: explained.rate, legs: explained.legs },
    ]);

    const balances = okJson<Named[]>(
      await client.post('/api/analytics/balances', '"2026-10-31T23:00:00+01:00"', {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const value = (name: string) => balances.find((b) => b.name === name)?.asset.amount;
    expect(balances.map((b) => b.name)).toEqual([
      'availablenominalmain',
      'available',
      'loaned',
      'businesspending',
      'outstanding',
      'networth',
    ]);
    expect(balances.every((b) => b.asset.currency === 'EUR')).toBe(true);
    expect(value('availablenominalmain')).toBe(650);
    expect(value('available')).toBeCloseTo(650 + usd, 9);
    expect(value('loaned')).toBe(50);
    expect(value('businesspending')).toBe(230); // relS - invS = 30 - (-200)
    expect(value('outstanding')).toBe(280);
    expect(value('networth')).toBeCloseTo(650 + usd + 280, 9);

    // Before any fixpoint and any transaction, everything is zero.
    const early = okJson<Named[]>(
      await client.post('/api/analytics/balances', '"2026-09-30"', { headers: { 'content-type': 'application/json' } }),
    );
    expect(early.map((b) => b.asset.amount)).toEqual([0, 0, 0, 0, 0, 0]);

    expectError(
      await client.post('/api/analytics/balances', '"yesterday"', { headers: { 'content-type': 'application/json' } }),
      400,
      'date: must be a YYYY-MM-DD day',
    );
    expectError(
      await client.post('/api/analytics/holdings', { date: '2026-10-31' }),
      400,
      'date: must be a date string',
    );
    expectError(await client.post('/api/analytics/holdings'), 400, 'date: is required');

    // Another user sees only their own (empty) ledger.
    const other = await newUser(ctx, 'bal-other@example.com', 'EUR');
    const theirs = okJson<{ currency: string; amount: number }[]>(
      await other.client.post('/api/analytics/holdings', '"2026-10-31"', {
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(theirs).toEqual([]);
  });
});
