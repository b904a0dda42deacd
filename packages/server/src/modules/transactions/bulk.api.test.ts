import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { sampleBooks } from '../../test/sample-books.js';
import { snapshotTables } from '../../test/snapshot.js';
import { DailyTotalsRepository } from '../ledger/daily-totals.js';

interface Tx {
  id: number;
  categoryId: number;
  description: string;
  rowType: string;
  categType: string;
  isIncome: boolean;
}

describeEachDatabase('transaction/bulk', (ctx) => {
  const books = async (email: string) => {
    const b = await sampleBooks(ctx, email);
    const all = okJson<Tx[]>(await b.client.post('/api/transaction/getfiltered', {}));
    const ofCategory = (id: number) => all.filter((t) => t.categoryId === id).map((t) => t.id);
    return { ...b, all, ofCategory };
  };
  const totalsRight = async (userId: number) => {
    const totals = new DailyTotalsRepository(ctx.database.db);
    expect(await totals.all(userId)).toEqual(await totals.recompute(userId));
  };

  it('changes the category and description of many rows at once, keeping the totals right', async () => {
    const { client, userId, food, salary, ofCategory, all } = await books('update@example.com');
    const groceries = okJson<{ id: number }>(
      await client.post('/api/category/add', { name: 'Groceries', type: 'real', isIncome: false }),
    ).id;
    const ids = ofCategory(food);
    expect(ids.length).toBeGreaterThan(3);

    const moved = okJson<{ count: number; undo: string }>(
      await client.post('/api/transaction/bulk', { ids, action: 'update', changes: { categoryId: groceries } }),
    );
    expect(moved.count).toBe(ids.length);
    expect(moved.undo).toMatch(/^[\w-]{32}$/);
    const movedRows = okJson<Tx[]>(await client.post('/api/transaction/getfiltered', {}));
    expect(ofCategoryNow(movedRows, groceries)).toEqual(ids);
    // Only what the body names changes: the descriptions stay (the contract's default would blank them).
    expect(movedRows.map((t) => t.description)).toEqual(all.map((t) => t.description));
    await totalsRight(userId);

    // Description only: the category stays; duplicates in the list count once.
    const renamed = okJson<{ count: number }>(
      await client.post('/api/transaction/bulk', {
        ids: [...ids, ids[0]],
        action: 'update',
        changes: { description: '  Weekly shop ' },
      }),
    );
    expect(renamed.count).toBe(ids.length);
    const after = okJson<Tx[]>(await client.post('/api/transaction/getfiltered', {}));
    for (const t of after.filter((x) => ids.includes(x.id)))
      expect(t).toMatchObject({ categoryId: groceries, description: 'Weekly shop' });

    // Both at once, on income rows.
    const incomeIds = ofCategory(salary);
    okJson(
      await client.post('/api/transaction/bulk', {
        ids: incomeIds,
        action: 'update',
        changes: { categoryId: salary, description: 'Pay' },
      }),
    );
    await totalsRight(userId);
  });

  it('deletes many rows at once, with the daily totals and the search index', async () => {
    const { client, userId, all } = await books('delete@example.com');
    const ids = all.slice(0, 6).map((t) => t.id);
    const res = okJson<{ count: number; undo: string }>(
      await client.post('/api/transaction/bulk', { ids, action: 'delete' }),
    );
    expect(res.count).toBe(6);
    const left = okJson<Tx[]>(await client.post('/api/transaction/getfiltered', {}));
    expect(left.map((t) => t.id)).toEqual(all.slice(6).map((t) => t.id));
    await totalsRight(userId);
    const found = okJson<{ id: number }[]>(await client.post('/api/transaction/search', { q: 'sushi' }));
    expect(found.some((t) => ids.includes(t.id))).toBe(false);
  });

  it('is all or nothing: another user’s id or a missing one is a 404 and writes nothing', async () => {
    const mine = await books('mine@example.com');
    const theirs = await books('theirs@example.com');
    const before = await snapshotTables(ctx.database);
    const ids = mine.all.map((t) => t.id);
    const foreign = theirs.all[0]?.id ?? 0;
    expectError(
      await mine.client.post('/api/transaction/bulk', { ids: [...ids, foreign], action: 'delete' }),
      404,
      `ids: transaction ${foreign} not found`,
    );
    expectError(
      await mine.client.post('/api/transaction/bulk', {
        ids: [...ids, 99_999_999],
        action: 'update',
        changes: { description: 'x' },
      }),
      404,
      'not found',
    );
    // Another user's category.
    expectError(
      await mine.client.post('/api/transaction/bulk', {
        ids: mine.ofCategory(mine.food),
        action: 'update',
        changes: { categoryId: theirs.food },
      }),
      404,
      `changes.categoryId: category ${theirs.food} not found`,
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('answers 400 naming the field, and 409 for closed categories, writing nothing', async () => {
    const { client, food, salary, loan, shop, ofCategory, all } = await books('rules@example.com');
    const before = await snapshotTables(ctx.database);
    const ids = ofCategory(food);
    const bulk = (body: object) => client.post('/api/transaction/bulk', body);
    expectError(await bulk({ ids: [], action: 'delete' }), 400, 'ids: must hold at least one id');
    expectError(await bulk({ ids: [0], action: 'delete' }), 400, 'ids.0');
    expectError(await bulk({ ids, action: 'move' }), 400, 'action: must be delete or update');
    expectError(await bulk({ ids, action: 'update' }), 400, 'changes: must name a categoryId or a description');
    expectError(await bulk({ ids, action: 'update', changes: {} }), 400, 'changes: must name');
    expectError(await bulk({ ids, action: 'update', changes: { categoryId: 'x' } }), 400, 'changes.categoryId');
    expectError(
      await bulk({ ids, action: 'update', changes: { description: 'x'.repeat(501) } }),
      400,
      'changes.description',
    );
    // The category must fit every row: kind, and for real rows the direction.
    expectError(
      await bulk({ ids: [...ids, ...ofCategory(loan)], action: 'update', changes: { categoryId: food } }),
      400,
      'changes.categoryId: Food: out; side is an expense category; 2 of the transactions are loan transactions',
    );
    expectError(
      await bulk({ ids, action: 'update', changes: { categoryId: salary } }),
      400,
      'changes.categoryId: Salary is an income category;',
    );
    expectError(
      await bulk({ ids: ofCategory(shop), action: 'update', changes: { categoryId: loan } }),
      400,
      'changes.categoryId: Bob is a loan category; 4 of the transactions are business transactions',
    );
    // A closed loan freezes its rows, as transaction/update and delete do.
    okJson(await client.patch(`/api/category/close/${loan}`));
    expectError(await bulk({ ids: all.map((t) => t.id), action: 'delete' }), 409, 'Category Bob is closed');
    expectError(await bulk({ ids: ofCategory(loan), action: 'update', changes: { description: 'x' } }), 409);
    const afterClose = await snapshotTables(ctx.database);
    // An inactive real category takes no rows.
    const spare = okJson<{ id: number }>(
      await client.post('/api/category/add', { name: 'Spare', type: 'real', isIncome: false, isActive: false }),
    ).id;
    const withSpare = await snapshotTables(ctx.database);
    expectError(await bulk({ ids, action: 'update', changes: { categoryId: spare } }), 409, 'inactive');
    expect(await snapshotTables(ctx.database)).toEqual(withSpare);
    expect(Object.keys(afterClose)).toEqual(Object.keys(before));
  });

  it('needs a signed-in user, and a read-write token for bulk and undo', async () => {
    const anonymous = ctx.client();
    expectError(await anonymous.post('/api/transaction/bulk', { ids: [1], action: 'delete' }), 401);
    const { client, all } = await books('tokens@example.com');
    const token = async (scope: string) =>
      okJson<{ token: string }>(await client.post('/api/account/tokens', { name: scope, scope })).token;
    const script = ctx.client();
    script.token = await token('read');
    const body = { ids: [all[0]?.id], action: 'delete' };
    expectError(await script.post('/api/transaction/bulk', body), 403, 'needs a read-write token');
    expectError(await script.post(`/api/undo/${'A'.repeat(32)}`), 403, 'needs a read-write token');
    script.token = await token('read-write');
    const done = okJson<{ undo: string }>(await script.post('/api/transaction/bulk', body));
    expect(okJson(await script.post(`/api/undo/${done.undo}`))).toEqual({ count: 1 });
  });
});

function ofCategoryNow(rows: Tx[], categoryId: number): number[] {
  return rows.filter((t) => t.categoryId === categoryId).map((t) => t.id);
}
