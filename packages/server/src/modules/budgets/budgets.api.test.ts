import type { BackupDocument, Budget, Category } from '@kassa/contract';
import { dayFromIso } from '@kassa/money';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { LedgerReader } from '../ledger/reader.js';
import { RateTable } from '../rates/rate-table.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { BudgetsService } from './service.js';

const budget = async (client: TestClient, month: string) =>
  okJson<Budget>(await client.post('/api/budget/get', { month }));

async function category(client: TestClient, body: object): Promise<Category> {
  return okJson<Category>(await client.post('/api/category/add', { type: 'real', isIncome: false, ...body }));
}

async function spend(client: TestClient, categoryId: number, amount: number, currency: string, time: string) {
  okJson(await client.post('/api/transaction/add', { categoryId, amount, currency, time }));
}

/**
 * Groceries' March 2025 in EUR, by hand from the bundled EUR reference rates:
 *   USD 50.00 on 2025-03-03 (1.04188827 USD per EUR):   5000 / 1.04188827   =  4798.979069… cents
 *   USD 10.10 on 2025-03-04 (1.04938043):               1010 / 1.04938043   =   962.472684… cents
 *   JPY 10000 on 2025-03-05 (159.3760928 JPY per EUR):  1000000 / 159.3760928 = 6274.466781… cents
 *   EUR 100.00 at 2025-03-31T23:59:59.999Z:                                   10000 cents
 *   sum 22035.918535… cents, rounded once: 220.36 (rounding each would give 220.35).
 */
const MARCH_SPENT = 220.36;

describeEachDatabase('budgets', (ctx) => {
  it('counts spending in every currency at its own day’s rate, within the UTC month, rounded once', async () => {
    const { client } = await newUser(ctx, 'budget-rates@example.com');
    for (const currency of ['USD', 'JPY']) okJson(await client.post('/api/currency/add', { currency }));
    const groceries = await category(client, { name: 'Groceries', monthlyLimit: 300 });
    await spend(client, groceries.id, 50, 'USD', '2025-03-03T12:00:00Z');
    await spend(client, groceries.id, 10.1, 'USD', '2025-03-04T08:00:00Z');
    await spend(client, groceries.id, 10000, 'JPY', '2025-03-05T09:30:00Z');
    await spend(client, groceries.id, 100, 'EUR', '2025-03-31T23:59:59.999Z');
    // The months around: the last instant of February and the first of April.
    await spend(client, groceries.id, 9, 'EUR', '2025-02-28T23:59:59.999Z');
    await spend(client, groceries.id, 7, 'EUR', '2025-04-01T00:00:00.000Z');

    const march = await budget(client, '2025-03');
    expect(march).toMatchObject({ month: '2025-03', currency: 'EUR', daysLeft: null, unconverted: [] });
    expect(march.items).toHaveLength(1);
    const item = march.items[0];
    expect(item).toMatchObject({
      categoryId: groceries.id,
      name: 'Groceries',
      limit: 300,
      spent: MARCH_SPENT,
      left: 79.64,
      carried: 0,
      rollover: false,
      dailyAllowance: null,
    });
    expect(item?.history).toHaveLength(12);
    expect(item?.history[0]).toEqual({ month: '2024-04', spent: 0 });
    expect(item?.history.slice(-2)).toEqual([
      { month: '2025-02', spent: 9 },
      { month: '2025-03', spent: MARCH_SPENT },
    ]);
    expect((await budget(client, '2025-04')).items[0]).toMatchObject({ spent: 7, left: 293 });
    // Asked again (roll-ups now built), the figures are the same.
    expect(await budget(client, '2025-03')).toEqual(march);
  });

  it('lists only active expense categories with a limit, by name, and never another user’s spending', async () => {
    const { client } = await newUser(ctx, 'budget-owner@example.com');
    const fun = await category(client, { name: 'fun', monthlyLimit: 50 });
    const books = await category(client, { name: 'Books', monthlyLimit: 0 });
    await category(client, { name: 'No limit' });
    await category(client, { name: 'Dormant', monthlyLimit: 20, isActive: false });
    await category(client, { name: 'Bonus', isIncome: true, monthlyLimit: 100 });
    okJson(await client.post('/api/category/add', { name: 'Bob', type: 'loan', monthlyLimit: 10 }));
    await spend(client, fun.id, 12.5, 'EUR', '2025-06-10T10:00:00Z');

    const other = await newUser(ctx, 'budget-stranger@example.com');
    const theirFun = await category(other.client, { name: 'fun', monthlyLimit: 50 });
    await spend(other.client, theirFun.id, 40, 'EUR', '2025-06-10T10:00:00Z');
    // Someone else's category id in a transaction of mine is refused, so it cannot leak in.
    expectError(
      await client.post('/api/transaction/add', {
        categoryId: theirFun.id,
        amount: 1,
        currency: 'EUR',
        time: '2025-06-11T10:00:00Z',
      }),
      404,
    );

    const june = await budget(client, '2025-06');
    expect(june.items.map((i) => [i.name, i.limit, i.spent, i.left])).toEqual([
      ['Books', 0, 0, 0],
      ['fun', 50, 12.5, 37.5],
    ]);
    expect(books.rollover).toBe(false);
    expect((await budget(other.client, '2025-06')).items.map((i) => [i.categoryId, i.spent])).toEqual([
      [theirFun.id, 40],
    ]);
  });

  it('carries the unspent and the overspent amount into the next month when rollover is on', async () => {
    const { client } = await newUser(ctx, 'budget-rollover@example.com');
    const fun = await category(client, { name: 'Fun', monthlyLimit: 100, rollover: true });
    expect(fun.rollover).toBe(true);
    await spend(client, fun.id, 60, 'EUR', '2025-02-14T10:00:00Z'); // 40 unspent
    await spend(client, fun.id, 150, 'EUR', '2025-03-20T10:00:00Z'); // 50 overspent
    await spend(client, fun.id, 20, 'EUR', '2025-04-02T10:00:00Z');

    // February is the first month with spending: nothing carries into it.
    expect((await budget(client, '2025-02')).items[0]).toMatchObject({ carried: 0, spent: 60, left: 40 });
    expect((await budget(client, '2025-03')).items[0]).toMatchObject({ carried: 40, spent: 150, left: -10 });
    expect((await budget(client, '2025-04')).items[0]).toMatchObject({ carried: -10, spent: 20, left: 70 });
    // A month without spending carries its whole limit on.
    expect((await budget(client, '2025-05')).items[0]).toMatchObject({ carried: 70, spent: 0, left: 170 });
    // The carry looks back 12 months: in March 2026 February 2025 has left the window, so the
    // carry starts with March 2025 (-50), then April (80) and ten untouched months (1000).
    expect((await budget(client, '2026-03')).items[0]).toMatchObject({ carried: 1030, left: 1130 });

    // Turned off, nothing carries; an update without the field keeps it as it is.
    const edit = { id: fun.id, name: 'Fun', description: '', isActive: true, monthlyLimit: 100 };
    expect(okJson<Category>(await client.post('/api/category/update', edit)).rollover).toBe(true);
    okJson(await client.post('/api/category/update', { ...edit, rollover: false }));
    expect((await budget(client, '2025-04')).items[0]).toMatchObject({ carried: 0, spent: 20, left: 80 });
  });

  it('gives the daily allowance for the rest of the current month and the whole of a future one', async () => {
    const { client } = await newUser(ctx, 'budget-allowance@example.com');
    await category(client, { name: 'Lunch', monthlyLimit: 310 });
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
    const daysLeft = daysInMonth - now.getUTCDate() + 1;
    const current = await budget(client, month);
    expect(current.daysLeft).toBe(daysLeft);
    // Rounded down to the cent: 31000 cents over the days left.
    expect(current.items[0]?.dailyAllowance).toBe(Math.floor(31000 / daysLeft) / 100);
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const nextDays = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    const future = await budget(client, next.toISOString().slice(0, 7));
    expect(future.daysLeft).toBe(nextDays);
    expect(future.items[0]?.dailyAllowance).toBe(Math.floor(31000 / nextDays) / 100);
  });

  it('refuses a bad month with 400 naming the field, and strangers with 401', async () => {
    const { client } = await newUser(ctx, 'budget-bad@example.com');
    for (const month of ['2025-13', '2025-3', '25-03', '2025-03-01', 202503])
      expectError(await client.post('/api/budget/get', { month }), 400, 'month: must be a month');
    expectError(await client.post('/api/budget/get', {}), 400, 'month: is required');
    expectError(await client.post('/api/budget/get', { month: '1899-12' }), 400, 'month: must be between');
    expectError(await ctx.client().post('/api/budget/get', { month: '2025-01' }), 401);
  });

  it('sets rollover only on expense categories, and keeps it through a backup and restore', async () => {
    const { client } = await newUser(ctx, 'budget-backup@example.com');
    expectError(
      await client.post('/api/category/add', { name: 'Pay', type: 'real', isIncome: true, rollover: true }),
      400,
      'rollover: only expense categories',
    );
    expectError(
      await client.post('/api/category/add', { name: 'Bob', type: 'loan', rollover: true }),
      400,
      'rollover: only expense categories',
    );
    expectError(
      await client.post('/api/category/add', { name: 'X', type: 'real', isIncome: false, rollover: 1 }),
      400,
      'rollover: must be true or false',
    );
    await category(client, { name: 'Rolling', monthlyLimit: 80, rollover: true });
    await category(client, { name: 'Plain', monthlyLimit: 20 });
    const doc = okJson<BackupDocument>(await client.get('/api/backup/get'));
    expect(doc.categories.find((c) => c.name === 'Rolling')).toMatchObject({ rollover: true, monthlyLimit: '80' });
    expect(doc.categories.find((c) => c.name === 'Plain')).toMatchObject({ rollover: false });

    const target = await newUser(ctx, 'budget-restored@example.com');
    okJson(await target.client.post('/api/backup/restore', doc));
    expect((await budget(target.client, '2025-01')).items.map((i) => [i.name, i.rollover])).toEqual([
      ['Plain', false],
      ['Rolling', true],
    ]);
    // A document written before rollover existed restores every category without it.
    const older = structuredClone(doc);
    for (const c of older.categories) delete c.rollover;
    okJson(await target.client.post('/api/backup/restore?replace=true', older));
    expect((await budget(target.client, '2025-01')).items.map((i) => i.rollover)).toEqual([false, false]);
    const wrong = structuredClone(doc);
    const income = wrong.categories.findIndex((c) => c.isIncome === true);
    const incomeCategory = wrong.categories[income];
    if (incomeCategory !== undefined) incomeCategory.rollover = true;
    expectError(
      await target.client.post('/api/backup/restore?replace=true', wrong),
      400,
      `categories.${income}.rollover: only expense categories`,
    );
  });
});

describeEachDatabase('budgets: a currency without any rate', (ctx) => {
  it('reports spending it cannot convert as unconverted, never at 1:1, and counts the rest', async () => {
    const { client, userId } = await newUser(ctx, 'budget-norate@example.com');
    for (const currency of ['USD', 'JPY']) okJson(await client.post('/api/currency/add', { currency }));
    const groceries = await category(client, { name: 'Groceries', monthlyLimit: 300, rollover: true });
    await spend(client, groceries.id, 50, 'USD', '2025-03-03T12:00:00Z');
    await spend(client, groceries.id, 10.1, 'USD', '2025-03-04T08:00:00Z');
    await spend(client, groceries.id, 10000, 'JPY', '2025-03-05T09:30:00Z');
    await spend(client, groceries.id, 2500, 'JPY', '2025-03-06T09:30:00Z');
    await spend(client, groceries.id, 100, 'EUR', '2025-03-31T23:59:59.999Z');
    await spend(client, groceries.id, 30, 'EUR', '2025-02-10T10:00:00Z');

    // The bundled table converts everything: March's spending above plus JPY 2500 on 2025-03-06
    // (161.1272279 per EUR): 22035.918535… + 250000 / 161.1272279 (1551.568…) = 23587.487… cents.
    expect((await budget(client, '2025-03')).items[0]).toMatchObject({ spent: 235.87, carried: 270 });

    // A table that knows USD (1.1 per EUR from 2024-01-02) and no JPY at all.
    const onlyUsd = RateTable.build([
      { day: dayFromIso('2024-01-02') ?? 0, currency: 'USD', rate: '1.1', source: 'test' },
    ]);
    const db = ctx.database.db;
    const service = new BudgetsService(db, new LedgerReader(db), new RatesService(new RatesRepository(db), onlyUsd));
    const march = await service.get({ id: userId, mainCurrency: 'EUR' }, '2025-03');
    // (5000 + 1010) / 1.1 = 5463.636… cents, plus 10000: 154.64; the yen are not in it.
    expect(march.items[0]).toMatchObject({ spent: 154.64, carried: 270, left: 415.36 });
    expect(march.unconverted).toEqual([{ categoryId: groceries.id, month: '2025-03', currency: 'JPY', amount: 12500 }]);
  });
});
