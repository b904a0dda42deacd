import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';

interface Tx {
  id: number;
  isIncome: boolean;
  amount: number;
  currency: string;
  categoryId: number;
  description: string;
  time: string;
  categType: string;
  type: string | null;
  rowType: string;
  convertedAmount?: number;
  convertedCurrency?: string;
}
interface Cat {
  id: number;
  name: string;
  isActive: boolean;
}

describeEachDatabase('transactions', (ctx) => {
  const setup = async (email: string) => {
    const { client, userId } = await newUser(ctx, email, 'HUF');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const cats = okJson<(Cat & { isBuiltIn: boolean; type: string; isIncome: boolean | null })[]>(
      await client.get('/api/category/getall'),
    );
    const expense = cats.find((c) => c.name === 'Other expense') as Cat;
    const income = cats.find((c) => c.name === 'Other income') as Cat;
    const external = cats.find((c) => c.name === 'Untracked accounts') as Cat;
    const loan = okJson<Cat>(await client.post('/api/category/add', { name: 'Bob', type: 'loan' }));
    const biz = okJson<Cat>(await client.post('/api/category/add', { name: 'Shop', type: 'business' }));
    return { client, userId, expense, income, external, loan, biz };
  };

  it('adds transactions of every kind with the direction and type rules', async () => {
    const { client, expense, income, external, loan, biz } = await setup('kinds@example.com');
    const t = (body: object) =>
      client.post('/api/transaction/add', {
        currency: 'HUF',
        time: '2026-11-20T10:00:00Z',
        description: ' lunch ',
        ...body,
      });

    // Real: the category decides the direction, whatever the payload says.
    const lunch = okJson<Tx>(await t({ amount: '1200+300.5', categoryId: expense.id, isIncome: true }));
    expect(lunch).toMatchObject({
      isIncome: false,
      amount: 1500.5,
      categType: 'real',
      type: null,
      rowType: 'transaction',
      description: 'lunch',
    });
    expect(lunch.convertedAmount).toBe(1500.5);
    expect(lunch.convertedCurrency).toBe('HUF');
    const salary = okJson<Tx>(await t({ amount: 1000, currency: 'USD', categoryId: income.id }));
    expect(salary).toMatchObject({ isIncome: true, currency: 'USD', amount: 1000 });
    expect(salary.convertedAmount).toBeGreaterThan(1000 * 100); // some hundreds of forints per dollar

    expect(okJson<Tx>(await t({ amount: 50, categoryId: loan.id, isIncome: false }))).toMatchObject({
      rowType: 'loan',
      isIncome: false,
      type: null,
    });
    expect(okJson<Tx>(await t({ amount: 70, categoryId: biz.id, isIncome: false }))).toMatchObject({
      rowType: 'invest',
      type: 'invest',
    });
    expect(okJson<Tx>(await t({ amount: 70, categoryId: biz.id, isIncome: true, type: 'pnl' }))).toMatchObject({
      type: 'pnl',
    });
    expect(okJson<Tx>(await t({ amount: 5, categoryId: external.id, isIncome: true }))).toMatchObject({
      categType: 'external',
      rowType: 'transaction',
    });

    const before = await snapshotTables(ctx.database);
    expectError(await t({ amount: 5, categoryId: loan.id }), 400, 'isIncome: is required for a loan transaction');
    expectError(
      await t({ amount: 5, categoryId: expense.id, type: 'pnl' }),
      400,
      'type: only business transactions have a type',
    );
    expectError(
      await t({ amount: 5, categoryId: biz.id, isIncome: true, type: 'gift' }),
      400,
      'type: must be invest, pnl or realize',
    );
    expectError(await t({ amount: 0, categoryId: expense.id }), 400, 'amount: must be greater than zero');
    expectError(await t({ amount: 1.234, categoryId: expense.id }), 400, 'amount: must have at most 2 decimals');
    expectError(await t({ amount: '1e3', categoryId: expense.id }), 400, 'amount: "1e3" is not a number');
    expectError(await t({ amount: 1e13, categoryId: expense.id }), 400, 'amount: must be at most 1000000000000');
    expectError(
      await t({ amount: 5, categoryId: expense.id, currency: 'GBP' }),
      400,
      'currency: GBP is not one of your currencies',
    );
    expectError(
      await t({ amount: 5, categoryId: expense.id, time: '2026-11-20' }),
      400,
      'time: must be an ISO 8601 date-time',
    );
    expectError(
      await t({ amount: 5, categoryId: expense.id, description: 'x'.repeat(501) }),
      400,
      'description: must be at most 500 characters',
    );
    expectError(await t({ amount: 5 }), 400, 'categoryId: is required');
    expectError(await t({ amount: 5, categoryId: 999999 }), 404, 'Category 999999 not found');
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('freezes the transactions of a closed category, and refuses inactive categories', async () => {
    const { client, loan, expense } = await setup('closed@example.com');
    const tx = okJson<Tx>(
      await client.post('/api/transaction/add', {
        amount: 10,
        currency: 'HUF',
        categoryId: loan.id,
        isIncome: false,
        time: '2026-11-01T00:00:00Z',
      }),
    );
    okJson(await client.patch(`/api/category/close/${loan.id}`));
    const before = await snapshotTables(ctx.database);
    const body = {
      id: tx.id,
      amount: 11,
      currency: 'HUF',
      categoryId: loan.id,
      isIncome: false,
      time: '2026-11-01T00:00:00Z',
    };
    expectError(await client.post('/api/transaction/add', { ...body, id: undefined }), 409, 'is closed');
    expectError(await client.post('/api/transaction/update', body), 409, 'is closed');
    expectError(await client.post('/api/transaction/update', { ...body, categoryId: expense.id }), 409, 'is closed');
    expectError(await client.delete(`/api/transaction/delete/${tx.id}`), 409, 'is closed');
    expect(await snapshotTables(ctx.database)).toEqual(before);

    const food = okJson<Cat & Record<string, unknown>>(
      await client.post('/api/category/add', { name: 'Food', type: 'real', isIncome: false }),
    );
    okJson(await client.post('/api/category/update', { ...food, isActive: false }));
    expectError(
      await client.post('/api/transaction/add', {
        amount: 1,
        currency: 'HUF',
        categoryId: food.id,
        time: '2026-11-01T00:00:00Z',
      }),
      409,
      'is inactive',
    );
  });

  it('updates, reads and deletes; another user gets 404 and changes nothing', async () => {
    const { client, expense, income } = await setup('crud@example.com');
    const tx = okJson<Tx>(
      await client.post('/api/transaction/add', {
        amount: 10,
        currency: 'HUF',
        categoryId: expense.id,
        time: '2026-11-02T08:00:00+02:00',
      }),
    );
    expect(tx.time).toBe('2026-11-02T06:00:00.000Z');
    const changed = okJson<Tx>(
      await client.post('/api/transaction/update', {
        id: tx.id,
        amount: '12.5',
        currency: 'USD',
        categoryId: income.id,
        description: 'moved',
        time: '2026-11-03T00:00:00Z',
      }),
    );
    expect(changed).toMatchObject({ id: tx.id, amount: 12.5, currency: 'USD', isIncome: true, description: 'moved' });
    expect(okJson<Tx>(await client.get(`/api/transaction/getbyid/${tx.id}`))).toEqual(changed);

    const other = await newUser(ctx, 'crud-other@example.com', 'HUF');
    const otherCats = okJson<Cat[]>(await other.client.get('/api/category/getall'));
    const before = await snapshotTables(ctx.database);
    expectError(await other.client.get(`/api/transaction/getbyid/${tx.id}`), 404);
    expectError(
      await other.client.post('/api/transaction/update', {
        id: tx.id,
        amount: 1,
        currency: 'HUF',
        categoryId: otherCats[0]?.id,
        time: '2026-11-03T00:00:00Z',
      }),
      404,
    );
    expectError(await other.client.delete(`/api/transaction/delete/${tx.id}`), 404);
    // Someone else's category in one's own transaction is a 404 too.
    expectError(
      await client.post('/api/transaction/update', { ...changed, amount: 1, categoryId: otherCats[0]?.id }),
      404,
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);

    const deleted = await client.delete(`/api/transaction/delete/${tx.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ count: 1, undo: expect.any(String) as unknown });
    expectError(await client.get(`/api/transaction/getbyid/${tx.id}`), 404);
  });

  it('filters newest first, pages by keyset, and sums exactly in the main currency', async () => {
    const { client, expense, income, loan } = await setup('filter@example.com');
    const add = (amount: number | string, categoryId: number, time: string, currency = 'HUF', isIncome?: boolean) =>
      client.post('/api/transaction/add', { amount, currency, categoryId, time, isIncome });
    okJson(await add(100, expense.id, '2026-10-01T10:00:00Z'));
    okJson(await add(200, income.id, '2026-10-02T10:00:00Z'));
    okJson(await add('0.5', expense.id, '2026-10-02T10:00:00Z', 'USD'));
    okJson(await add(300, loan.id, '2026-10-03T10:00:00Z', 'HUF', true));
    okJson(await add(400, expense.id, '2026-11-05T10:00:00Z'));

    const all = okJson<Tx[]>(await client.post('/api/transaction/getfiltered', {}));
    expect(all.map((t) => [t.amount, t.currency])).toEqual([
      [400, 'HUF'],
      [300, 'HUF'],
      [0.5, 'USD'],
      [200, 'HUF'],
      [100, 'HUF'],
    ]);
    const october = { interval: { start: '2026-10-01T00:00:00Z', end: '2026-10-31T23:59:59Z' } };
    const expensesInOctober = okJson<Tx[]>(
      await client.post('/api/transaction/getfiltered', { ...october, directions: [false] }),
    );
    expect(expensesInOctober.map((t) => t.amount)).toEqual([0.5, 100]);
    expect(
      okJson<Tx[]>(await client.post('/api/transaction/getfiltered', { currencies: ['usd'] })).map((t) => t.amount),
    ).toEqual([0.5]);
    expect(
      okJson<Tx[]>(await client.post('/api/transaction/getfiltered', { categoryIds: [loan.id, income.id] })).map(
        (t) => t.amount,
      ),
    ).toEqual([300, 200]);
    expect(okJson<Tx[]>(await client.get(`/api/transaction/getallincat/${expense.id}`)).map((t) => t.amount)).toEqual([
      400, 0.5, 100,
    ]);

    // Keyset paging walks the same order without gaps or repeats.
    const page1 = okJson<Tx[]>(await client.post('/api/transaction/getfiltered', { limit: 2 }));
    const last = page1[1] as Tx;
    const page2 = okJson<Tx[]>(
      await client.post('/api/transaction/getfiltered', { limit: 2, after: { time: last.time, id: last.id } }),
    );
    const last2 = page2[1] as Tx;
    const page3 = okJson<Tx[]>(
      await client.post('/api/transaction/getfiltered', { limit: 2, after: { time: last2.time, id: last2.id } }),
    );
    expect([...page1, ...page2, ...page3].map((t) => t.id)).toEqual(all.map((t) => t.id));

    // Sum of October expenses: -(100 HUF + 0.5 USD at 2 October's rate), rounded once.
    const usdRow = all.find((t) => t.currency === 'USD') as Tx;
    const sum = okJson<{ amount: number; currency: string }>(
      await client.post('/api/transaction/getconvertedsum', { ...october, directions: [false] }),
    );
    expect(sum.currency).toBe('HUF');
    // Adding a whole number of forints cannot change the half-even rounding of the USD part.
    expect(sum.amount).toBeCloseTo(-(100 + (usdRow.convertedAmount ?? 0)), 9);
    const everything = okJson<{ amount: number }>(
      await client.post('/api/transaction/getconvertedsum', { currencies: ['HUF'] }),
    );
    expect(everything.amount).toBe(-100 + 200 + 300 - 400);

    expectError(
      await client.post('/api/transaction/getfiltered', {
        interval: { start: '2026-11-01T00:00:00Z', end: '2026-10-01T00:00:00Z' },
      }),
      400,
      'interval.start: start must not be after end',
    );
    expectError(await client.post('/api/transaction/getfiltered', { limit: 0 }), 400, 'limit:');
  });

  it('moves used currencies and categories to the top', async () => {
    const { client, income } = await setup('lastused@example.com');
    okJson(await client.post('/api/currency/add', { currency: 'JPY' }));
    expect(okJson<{ code: string }[]>(await client.get('/api/currency/usersall'))[0]?.code).toBe('JPY');
    okJson(
      await client.post('/api/transaction/add', {
        amount: 1,
        currency: 'USD',
        categoryId: income.id,
        time: '2026-11-01T00:00:00Z',
      }),
    );
    expect(okJson<{ code: string }[]>(await client.get('/api/currency/usersall'))[0]?.code).toBe('USD');
    expect(okJson<Cat[]>(await client.get('/api/category/getall'))[0]?.id).toBe(income.id);
  });
});
