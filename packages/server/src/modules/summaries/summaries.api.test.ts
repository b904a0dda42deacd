import { findCurrency, utcDayOf, type CurrencyInfo } from '@kassa/money';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { bundledRates } from '../rates/bundle.js';
import { Converter } from '../rates/conversion.js';

describeEachDatabase('loan and business summaries', (ctx) => {
  it('sums a loan per currency and in the main currency', async () => {
    const { client } = await newUser(ctx, 'loan@example.com', 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const loan = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Bob', type: 'loan' })).id;
    const add = (amount: number, isIncome: boolean, currency = 'EUR', time = '2026-10-01T10:00:00Z') =>
      client.post('/api/transaction/add', { amount, currency, categoryId: loan, isIncome, time });
    okJson(await add(500, false));
    okJson(await add(200, true));
    okJson(await add(100, false, 'USD', '2024-01-02T10:00:00Z')); // ECB: 1.0956 USD per EUR that day

    const summary = okJson<{ given: number; taken: number; balance: number; currency: string; native: object[] }>(
      await client.get(`/api/loan/${loan}`),
    );
    // 100 USD / 1.0956 = 91.2741… EUR -> given 591.27
    expect(summary).toMatchObject({ currency: 'EUR', given: 591.27, taken: 200 });
    const usdToday = new Converter(bundledRates(), findCurrency('EUR') as CurrencyInfo).toMinor(
      10000n,
      findCurrency('USD') as CurrencyInfo,
      utcDayOf(Date.now()),
    );
    expect(Math.round(summary.balance * 100)).toBe(30000 + Number(usdToday));
    expect(summary.native).toEqual([
      { currency: 'EUR', given: 500, taken: 200, balance: 300 },
      { currency: 'USD', given: 100, taken: 0, balance: 100 },
    ]);
  });

  it('computes every business figure, and realises latent P&L down to zero pending', async () => {
    const { client } = await newUser(ctx, 'biz@example.com', 'EUR');
    const biz = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Shop', type: 'business' })).id;
    const add = (amount: number, isIncome: boolean, type: string) =>
      client.post('/api/transaction/add', {
        amount,
        currency: 'EUR',
        categoryId: biz,
        isIncome,
        type,
        time: '2026-10-01T10:00:00Z',
      });
    okJson(await add(1000, false, 'invest'));
    okJson(await add(200, true, 'invest'));
    okJson(await add(150, true, 'pnl'));
    okJson(await add(50, false, 'pnl'));
    okJson(await add(300, true, 'realize'));

    const figures = {
      invP: 200,
      invM: -1000,
      invS: -800,
      pnlP: 150,
      pnlM: -50,
      pnlS: 100,
      relP: 300,
      relM: 0,
      relS: 300,
      balSP: 350,
      balSM: -1050,
      balSS: -700,
      realSP: 450,
      realSM: -50,
      realSS: 400,
      pendingP: 1300,
      pendingM: -200,
      pendingS: 1100,
      aquiredPnl: 400,
      latentPnl: -1100,
      sumPnl: -700,
    };
    const summary = okJson<Record<string, unknown>>(await client.get(`/api/business/${biz}`));
    expect(summary).toEqual({
      ...figures,
      currency: 'EUR',
      aquiredPnlPerc: 40,
      latentPnlPerc: -110,
      sumPnlPerc: -70,
      native: [{ currency: 'EUR', ...figures }],
    });

    const realised = okJson<Record<string, number>>(await client.get(`/api/business/add-latent/${biz}`));
    expect(realised).toMatchObject({
      relM: -1100,
      relS: -800,
      pendingS: 0,
      latentPnl: 0,
      aquiredPnl: -700,
      sumPnl: -700,
    });
    const rows = okJson<{ type: string; amount: number; isIncome: boolean }[]>(
      await client.get(`/api/transaction/getallincat/${biz}`),
    );
    // Newest first: the realisation added now, then the earlier one.
    expect(rows.filter((r) => r.type === 'realize').map((r) => [r.amount, r.isIncome])).toEqual([
      [1100, false],
      [300, true],
    ]);
    expectError(await client.get(`/api/business/add-latent/${biz}`), 409, 'no latent P&L');
  });

  it('realises latent P&L in several currencies all or nothing', async () => {
    const { client } = await newUser(ctx, 'multi@example.com', 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const biz = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Two', type: 'business' })).id;
    for (const currency of ['EUR', 'USD'])
      okJson(
        await client.post('/api/transaction/add', {
          amount: 100,
          currency,
          categoryId: biz,
          isIncome: false,
          time: '2026-10-01T10:00:00Z',
        }),
      );
    // Test-only: the second realisation of a category fails, whichever currency comes second.
    const db = ctx.database.db;
    if (ctx.dialect === 'sqlite') {
      await sql`create trigger refuse_second_realize before insert on transactions
        when new.business_type = 'realize' and exists (select 1 from transactions
          where category_id = new.category_id and business_type = 'realize')
        begin select raise(abort, 'second realisation refused'); end`.execute(db);
    } else {
      await sql`create function refuse_second_realize() returns trigger language plpgsql as $$
        begin
          if new.business_type = 'realize' and exists (select 1 from transactions
            where category_id = new.category_id and business_type = 'realize') then
            raise exception 'second realisation refused';
          end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger refuse_second_realize before insert on transactions
        for each row execute function refuse_second_realize()`.execute(db);
    }
    try {
      const before = await snapshotTables(ctx.database);
      expect((await client.get(`/api/business/add-latent/${biz}`)).statusCode).toBeGreaterThanOrEqual(500);
      expect(await snapshotTables(ctx.database)).toEqual(before);
    } finally {
      if (ctx.dialect === 'sqlite') await sql`drop trigger refuse_second_realize`.execute(db);
      else {
        await sql`drop trigger refuse_second_realize on transactions`.execute(db);
        await sql`drop function refuse_second_realize()`.execute(db);
      }
    }
    // Without the fault both currencies are realised together.
    const realised = okJson<{ latentPnl: number; native: { currency: string; pendingS: number }[] }>(
      await client.get(`/api/business/add-latent/${biz}`),
    );
    expect(realised.native.map((n) => [n.currency, n.pendingS])).toEqual([
      ['EUR', 0],
      ['USD', 0],
    ]);
  });

  it('refuses other users, wrong category types and closed categories', async () => {
    const { client } = await newUser(ctx, 'sum@example.com', 'EUR');
    const loan = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'L', type: 'loan' })).id;
    const biz = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'B', type: 'business' })).id;
    okJson(
      await client.post('/api/transaction/add', {
        amount: 10,
        currency: 'EUR',
        categoryId: biz,
        isIncome: false,
        time: '2026-10-01T10:00:00Z',
      }),
    );
    okJson(await client.patch(`/api/category/close/${biz}`));
    const other = await newUser(ctx, 'sum-other@example.com', 'EUR');
    const before = await snapshotTables(ctx.database);
    expectError(await client.get(`/api/loan/${biz}`), 404);
    expectError(await client.get(`/api/business/${loan}`), 404);
    expectError(await other.client.get(`/api/loan/${loan}`), 404);
    expectError(await other.client.get(`/api/business/${biz}`), 404);
    expectError(await other.client.get(`/api/business/add-latent/${biz}`), 404);
    expectError(await client.get(`/api/business/add-latent/${biz}`), 409, 'is closed');
    expectError(await client.get('/api/loan/x'), 400, 'id:');
    expect(await snapshotTables(ctx.database)).toEqual(before);
    expect(okJson<{ latentPnl: number }>(await client.get(`/api/business/${biz}`)).latentPnl).toBe(-10);
  });
});
