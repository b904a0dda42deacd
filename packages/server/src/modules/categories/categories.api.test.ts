import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';

interface CategoryDto {
  id: number;
  name: string;
  type: string;
  isIncome: boolean | null;
  isBuiltIn: boolean;
  isActive: boolean;
  monthlyLimit: number | null;
  description: string;
}

describeEachDatabase('categories', (ctx) => {
  it('gives every user the system categories, external ones among them', async () => {
    const { client } = await newUser(ctx, 'sys@example.com');
    const all = okJson<CategoryDto[]>(await client.get('/api/category/getall'));
    expect(all.filter((c) => c.isBuiltIn).map((c) => [c.name, c.type, c.isIncome])).toEqual([
      ['Other expense', 'real', false],
      ['Other income', 'real', true],
      ['Untracked accounts', 'external', null],
      ['Other external', 'external', null],
    ]);
    const external = okJson<CategoryDto[]>(await client.get('/api/category/get-external'));
    expect(external.map((c) => c.name)).toEqual(['Untracked accounts', 'Other external']);
  });

  it('adds, filters, updates, closes and deletes by the rules', async () => {
    const { client } = await newUser(ctx, 'cats@example.com', 'HUF');
    const food = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Food', type: 'real', isIncome: false, monthlyLimit: 80000.5 }),
    );
    expect(food).toMatchObject({
      name: 'Food',
      type: 'real',
      isIncome: false,
      isBuiltIn: false,
      isActive: true,
      monthlyLimit: 80000.5,
    });
    const loan = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Loan to Bob', type: 'loan', description: 'for the car' }),
    );
    expect(loan).toMatchObject({ type: 'loan', isIncome: null, description: 'for the car' });

    const byType = okJson<CategoryDto[]>(await client.get('/api/category/getall?type=loan'));
    expect(byType.map((c) => c.name)).toEqual(['Loan to Bob']);
    const expenses = okJson<CategoryDto[]>(await client.get('/api/category/getall?type=real&isIncome=false'));
    expect(expenses.map((c) => c.name)).toEqual(
      ['Loan to Bob', 'Food', 'Other expense'].filter((n) => n !== 'Loan to Bob'),
    );
    expectError(await client.get('/api/category/getall?type=other'), 400, 'type:');

    const before = await snapshotTables(ctx.database);
    expectError(await client.post('/api/category/add', { name: 'X', type: 'real' }), 400, 'isIncome: is required');
    expectError(
      await client.post('/api/category/add', { name: 'X', type: 'loan', isIncome: true }),
      400,
      'isIncome: only real categories',
    );
    expectError(
      await client.post('/api/category/add', { name: 'X', type: 'external' }),
      400,
      'type: must be real, loan or business',
    );
    expectError(await client.post('/api/category/add', { name: ' ', type: 'business' }), 400, 'name: is required');
    expectError(
      await client.post('/api/category/add', { name: 'food', type: 'real', isIncome: false }),
      409,
      'already exists',
    );
    expectError(
      await client.post('/api/category/add', { name: 'Y', type: 'real', isIncome: false, monthlyLimit: -1 }),
      400,
      'monthlyLimit',
    );
    const system = okJson<CategoryDto[]>(await client.get('/api/category/getall')).find(
      (c) => c.name === 'Other expense',
    ) as CategoryDto;
    expectError(
      await client.post('/api/category/update', { ...system, isActive: false }),
      409,
      'system category is always active',
    );
    expectError(await client.delete(`/api/category/delete/${system.id}`), 409, 'system category cannot be deleted');
    expectError(
      await client.patch(`/api/category/close/${food.id}`),
      409,
      'Only loan and business categories can be closed',
    );
    expectError(
      await client.post('/api/category/update', { ...food, type: 'loan' }),
      400,
      'type: a category keeps its type',
    );
    expectError(
      await client.post('/api/category/update', { ...loan, isActive: false }),
      409,
      'close a loan category with Close',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);

    const renamed = okJson<CategoryDto>(
      await client.post('/api/category/update', { ...food, name: 'Groceries', isActive: false, monthlyLimit: null }),
    );
    expect(renamed).toMatchObject({ name: 'Groceries', isActive: false, monthlyLimit: null });
    expect(okJson<CategoryDto[]>(await client.get('/api/category/getall?active=false')).map((c) => c.name)).toEqual([
      'Groceries',
    ]);

    const closed = okJson<CategoryDto>(await client.patch(`/api/category/close/${loan.id}`));
    expect(closed.isActive).toBe(false);
    expectError(await client.patch(`/api/category/close/${loan.id}`), 409, 'already closed');
    expectError(
      await client.post('/api/category/update', { ...loan, isActive: true }),
      409,
      'a closed category stays closed',
    );

    expect((await client.delete(`/api/category/delete/${food.id}`)).statusCode).toBe(204);
    expectError(await client.get(`/api/category/getbyid/${food.id}`), 404);
  });

  it("answers 404 for another user's category ids, and 400 for malformed ids", async () => {
    const owner = await newUser(ctx, 'owner@example.com');
    const cat = okJson<CategoryDto>(await owner.client.post('/api/category/add', { name: 'Biz', type: 'business' }));
    const { client } = await newUser(ctx, 'intruder@example.com');
    const before = await snapshotTables(ctx.database);
    expectError(await client.get(`/api/category/getbyid/${cat.id}`), 404);
    expectError(await client.post('/api/category/update', { ...cat, name: 'Mine' }), 404);
    expectError(await client.patch(`/api/category/close/${cat.id}`), 404);
    expectError(await client.delete(`/api/category/delete/${cat.id}`), 404);
    expectError(await client.get(`/api/transaction/getallincat/${cat.id}`), 404);
    expectError(await client.get('/api/category/getbyid/abc'), 400, 'id: must be a positive integer');
    expect(await snapshotTables(ctx.database)).toEqual(before);
    expect(okJson<CategoryDto>(await owner.client.get(`/api/category/getbyid/${cat.id}`)).name).toBe('Biz');
  });
});
