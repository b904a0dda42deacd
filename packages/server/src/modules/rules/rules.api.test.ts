import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { RulesRepository } from './repository.js';

interface RuleDto {
  id: number;
  match: string;
  pattern: string;
  categoryId: number;
  minAmount: number | null;
  maxAmount: number | null;
  currency: string | null;
  position: number;
}

interface CategoryDto {
  id: number;
}

describeEachDatabase('category rules', (ctx) => {
  async function withCategory(email: string) {
    const { client } = await newUser(ctx, email);
    const food = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Food', type: 'real', isIncome: false }),
    );
    return { client, food };
  }

  it('adds, lists in order, updates and deletes rules', async () => {
    const { client, food } = await withCategory('rules@example.com');
    const coffee = okJson<RuleDto>(
      await client.post('/api/rule/add', { match: 'contains', pattern: '  Café ', categoryId: food.id }),
    );
    expect(coffee).toEqual({
      id: coffee.id,
      match: 'contains',
      pattern: 'Café',
      categoryId: food.id,
      minAmount: null,
      maxAmount: null,
      currency: null,
      position: 0,
    });
    const shop = okJson<RuleDto>(
      await client.post('/api/rule/add', {
        match: 'regex',
        pattern: '^(lidl|aldi)\\b',
        categoryId: food.id,
        minAmount: '10.5',
        maxAmount: 200,
        currency: 'eur',
      }),
    );
    expect(shop).toMatchObject({ position: 1, minAmount: 10.5, maxAmount: 200, currency: 'EUR' });
    const first = okJson<RuleDto>(
      await client.post('/api/rule/add', { match: 'contains', pattern: 'tesco', categoryId: food.id, position: 0 }),
    );
    // Same position: the older rule comes first.
    expect(okJson<RuleDto[]>(await client.get('/api/rule/getall')).map((r) => r.id)).toEqual([
      coffee.id,
      first.id,
      shop.id,
    ]);

    const moved = okJson<RuleDto>(
      await client.post('/api/rule/update', { id: shop.id, match: 'contains', pattern: 'lidl', categoryId: food.id }),
    );
    expect(moved).toMatchObject({ match: 'contains', pattern: 'lidl', minAmount: null, currency: null, position: 1 });
    okJson(
      await client.post('/api/rule/update', {
        id: coffee.id,
        match: 'contains',
        pattern: 'cafe',
        categoryId: food.id,
        position: 5,
      }),
    );
    expect(okJson<RuleDto[]>(await client.get('/api/rule/getall')).map((r) => r.id)).toEqual([
      first.id,
      shop.id,
      coffee.id,
    ]);

    expect((await client.delete(`/api/rule/delete/${first.id}`)).statusCode).toBe(204);
    expect(okJson<RuleDto[]>(await client.get('/api/rule/getall')).map((r) => r.id)).toEqual([shop.id, coffee.id]);
    expectError(await client.delete(`/api/rule/delete/${first.id}`), 404, `Rule ${first.id} not found`);
  });

  it('refuses bad input, naming the field, and writes nothing', async () => {
    const { client, food } = await withCategory('bad@example.com');
    const loan = okJson<CategoryDto>(await client.post('/api/category/add', { name: 'Bob', type: 'loan' }));
    const rule = { match: 'contains', pattern: 'x', categoryId: food.id };
    const before = await snapshotTables(ctx.database);
    expectError(
      await client.post('/api/rule/add', { ...rule, match: 'regex', pattern: '(unclosed' }),
      400,
      'pattern: not a valid',
    );
    expectError(
      await client.post('/api/rule/add', { ...rule, pattern: 'a'.repeat(201) }),
      400,
      'pattern: must be at most 200',
    );
    expectError(await client.post('/api/rule/add', { ...rule, pattern: '   ' }), 400, 'pattern: must not be empty');
    expectError(
      await client.post('/api/rule/add', { ...rule, match: 'glob' }),
      400,
      'match: must be contains or regex',
    );
    expectError(
      await client.post('/api/rule/add', { ...rule, minAmount: 20, maxAmount: 10, currency: 'EUR' }),
      400,
      'maxAmount: must not be less than minAmount',
    );
    expectError(await client.post('/api/rule/add', { ...rule, minAmount: 20 }), 400, 'currency: is required');
    expectError(await client.post('/api/rule/add', { ...rule, currency: 'EUR' }), 400, 'currency: only a rule');
    expectError(await client.post('/api/rule/add', { ...rule, minAmount: 'abc', currency: 'EUR' }), 400, 'minAmount:');
    expectError(await client.post('/api/rule/add', { ...rule, minAmount: 1.234, currency: 'EUR' }), 400, 'minAmount:');
    expectError(
      await client.post('/api/rule/add', { ...rule, categoryId: 999999 }),
      404,
      'categoryId: category 999999',
    );
    expectError(await client.post('/api/rule/add', { ...rule, categoryId: loan.id }), 400, 'categoryId: must be');
    expectError(await client.post('/api/rule/add', { ...rule, categoryId: undefined }), 400, 'categoryId: is required');
    expectError(await client.post('/api/rule/update', { ...rule, id: 999999 }), 404, 'Rule 999999 not found');
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('refuses with 400 a pattern RE2 cannot run, on add and update, naming the problem, and writes nothing', async () => {
    const { client, food } = await withCategory('re2@example.com');
    const kept = okJson<RuleDto>(
      await client.post('/api/rule/add', { match: 'regex', pattern: '^rewe\\b', categoryId: food.id }),
    );
    const before = await snapshotTables(ctx.database);
    const refusals: [string, string][] = [
      ['(\\w)\\1', 'pattern: is not a regular expression Kassa can run (backreferences are not supported): '],
      ['(?<n>a)\\k<n>', 'pattern: is not a regular expression Kassa can run (backreferences are not supported): '],
      ['rewe(?= markt)', 'pattern: is not a regular expression Kassa can run (lookahead is not supported): '],
      ['rewe(?!x)', 'pattern: is not a regular expression Kassa can run (lookahead is not supported): '],
      ['(?<=card )rewe', 'pattern: is not a regular expression Kassa can run (lookbehind is not supported): '],
      ['(?<!card )rewe', 'pattern: is not a regular expression Kassa can run (lookbehind is not supported): '],
      ['a++', 'pattern: is not a regular expression Kassa can run (possessive quantifiers are not supported): '],
      ['(?>a)', 'pattern: is not a regular expression Kassa can run (atomic groups are not supported): '],
      ['\\w{1,1000}'.repeat(18), 'pattern: is not a regular expression Kassa can run (too large: '],
      ['(unclosed', 'pattern: not a valid regular expression: missing closing )'],
    ];
    for (const [pattern, message] of refusals) {
      const rule = { match: 'regex', pattern, categoryId: food.id };
      const added = await client.post('/api/rule/add', rule);
      expectError(added, 400, message);
      expect(added.json()).toMatchObject({ type: 'validation' });
      expectError(await client.post('/api/rule/update', { ...rule, id: kept.id }), 400, message);
    }
    expect(await snapshotTables(ctx.database)).toEqual(before);
    // A hostile but RE2-expressible pattern is fine: RE2 runs it in linear time.
    okJson(await client.post('/api/rule/add', { match: 'regex', pattern: '(a+)+$', categoryId: food.id }));
    okJson(
      await client.post('/api/rule/update', { id: kept.id, match: 'regex', pattern: '(.*a){20}', categoryId: food.id }),
    );
  });

  it("keeps users apart: another user's rule or category is not found", async () => {
    const alice = await withCategory('alice-rules@example.com');
    const bob = await withCategory('bob-rules@example.com');
    const rule = okJson<RuleDto>(
      await alice.client.post('/api/rule/add', { match: 'contains', pattern: 'x', categoryId: alice.food.id }),
    );
    expectError(
      await bob.client.post('/api/rule/add', { match: 'contains', pattern: 'x', categoryId: alice.food.id }),
      404,
      'categoryId:',
    );
    expectError(
      await bob.client.post('/api/rule/update', {
        id: rule.id,
        match: 'contains',
        pattern: 'y',
        categoryId: bob.food.id,
      }),
      404,
    );
    expectError(await bob.client.delete(`/api/rule/delete/${rule.id}`), 404);
    expect(okJson<RuleDto[]>(await bob.client.get('/api/rule/getall'))).toEqual([]);
    expect(okJson<RuleDto[]>(await alice.client.get('/api/rule/getall'))).toHaveLength(1);
  });

  it('deleting a category deletes its rules', async () => {
    const { client, food } = await withCategory('cascade@example.com');
    const rent = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Rent', type: 'real', isIncome: false }),
    );
    okJson(await client.post('/api/rule/add', { match: 'contains', pattern: 'lidl', categoryId: food.id }));
    const kept = okJson<RuleDto>(
      await client.post('/api/rule/add', { match: 'contains', pattern: 'landlord', categoryId: rent.id }),
    );
    expect((await client.delete(`/api/category/delete/${food.id}`)).statusCode).toBe(204);
    expect(okJson<RuleDto[]>(await client.get('/api/rule/getall')).map((r) => r.id)).toEqual([kept.id]);
  });

  it('refuses to the demo user adding, changing and deleting rules, and writes nothing', async () => {
    const user = await ctx.createUser({
      email: 'demo-rules@example.com',
      password: 'password-123',
      role: 'DEMO',
      mainCurrency: 'EUR',
    });
    const demo = ctx.client();
    await demo.login('demo-rules@example.com', 'password-123');
    const cats = okJson<{ id: number; type: string; isIncome: boolean | null }[]>(
      await demo.get('/api/category/getall'),
    );
    const categoryId = cats.find((c) => c.type === 'real')?.id ?? 0;
    // The demo's books may hold a rule (the demo job writes them directly); the demo user may not touch it.
    const stored = {
      match: 'contains' as const,
      pattern: 'x',
      categoryId,
      currency: null,
      minAmount: null,
      maxAmount: null,
    };
    const id = await new RulesRepository(ctx.database.db).insert(user.id, { ...stored, position: 0 }, Date.now());
    const before = await snapshotTables(ctx.database);
    const refused = (res: Awaited<ReturnType<typeof demo.post>>) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ type: 'demo' });
    };
    refused(await demo.post('/api/rule/add', { match: 'regex', pattern: '(a+)+$', categoryId }));
    refused(await demo.post('/api/rule/add', { match: 'contains', pattern: 'y', categoryId }));
    refused(await demo.post('/api/rule/update', { id, match: 'regex', pattern: '(a+)+$', categoryId }));
    refused(await demo.delete(`/api/rule/delete/${id}`));
    expect(await snapshotTables(ctx.database)).toEqual(before);
    expect(okJson<RuleDto[]>(await demo.get('/api/rule/getall'))).toMatchObject([{ id, pattern: 'x' }]);
  });

  it('answers 401 without a session', async () => {
    const client = ctx.client();
    expectError(await client.get('/api/rule/getall'), 401);
    expectError(await client.post('/api/rule/add', { match: 'contains', pattern: 'x', categoryId: 1 }), 401);
    expectError(await client.post('/api/rule/update', { id: 1, match: 'contains', pattern: 'x', categoryId: 1 }), 401);
    expectError(await client.delete('/api/rule/delete/1'), 401);
  });
});
