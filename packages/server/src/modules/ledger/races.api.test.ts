import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { DailyTotalsRepository } from './daily-totals.js';

describeEachDatabase('concurrent requests', (ctx) => {
  it('keep daily totals exact when the same transaction is edited or deleted at once', async () => {
    const { client, userId } = await newUser(ctx, 'race@example.com', 'EUR');
    const expense = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall')).find(
      (c) => c.name === 'Other expense',
    )?.id;
    const add = (amount: number) =>
      client.post('/api/transaction/add', {
        amount,
        currency: 'EUR',
        categoryId: expense,
        time: '2026-10-01T10:00:00Z',
      });
    const a = okJson<{ id: number }>(await add(10));
    okJson(await add(5));
    const b = okJson<{ id: number }>(await add(7));

    const deletes = await Promise.all(
      Array.from({ length: 8 }, () => client.delete(`/api/transaction/delete/${a.id}`)),
    );
    expect(deletes.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    const updates = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.post('/api/transaction/update', {
          id: b.id,
          amount: 10 + i,
          currency: 'EUR',
          categoryId: expense,
          time: '2026-10-01T10:00:00Z',
        }),
      ),
    );
    expect(updates.every((r) => r.statusCode === 200)).toBe(true);
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const conv = okJson<{ id: number }>(
      await client.post('/api/conversion/add', {
        fromAmount: 1,
        fromCurrency: 'EUR',
        toAmount: 1,
        toCurrency: 'USD',
        time: '2026-10-01T10:00:00Z',
      }),
    );
    const convUpdates = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.post('/api/conversion/update', {
          id: conv.id,
          fromAmount: 2 + i,
          fromCurrency: 'EUR',
          toAmount: 3 + i,
          toCurrency: 'USD',
          time: '2026-10-02T10:00:00Z',
        }),
      ),
    );
    expect(convUpdates.every((r) => r.statusCode === 200)).toBe(true);
    const totals = new DailyTotalsRepository(ctx.database.db);
    expect(await totals.all(userId)).toEqual(await totals.recompute(userId));
  });

  it('let only one of two identical adds through', async () => {
    const { client } = await newUser(ctx, 'race2@example.com', 'EUR');
    const currencies = await Promise.all([1, 2, 3].map(() => client.post('/api/currency/add', { currency: 'USD' })));
    expect(currencies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(
      okJson<{ currency: string }[]>(await client.get('/api/pocket/getall')).filter((p) => p.currency === 'USD'),
    ).toHaveLength(1);
    const categories = await Promise.all(
      ['Food', 'food', 'FOOD'].map((name) => client.post('/api/category/add', { name, type: 'real', isIncome: false })),
    );
    expect(categories.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describeEachDatabase('edges found in review', (ctx) => {
  it('answers ids beyond 32 bits, bad URLs and non-JSON bodies with clear 4xx errors', async () => {
    const { client } = await newUser(ctx, 'edges@example.com', 'EUR');
    expectError(await client.get('/api/category/getbyid/3000000000'), 400, 'id: must be a positive integer');
    expectError(
      await client.post('/api/transaction/getfiltered', { categoryIds: [2147483648] }),
      400,
      'categoryIds.0: must be a positive integer id',
    );
    expectError(await client.get('/api/transaction/getbyid/%E0%A4%A'), 400, 'url:');
    const text = await client.post('/api/category/add', 'name=Food', { headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
  });

  it('checks CSRF on every unsafe request, however the path is spelled', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/auth/login',
      payload: { email: 'edges@example.com', password: 'password-123' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('keeps transactions of an inactive real category editable, and filters duplicated directions', async () => {
    const { client } = await newUser(ctx, 'inactive@example.com', 'EUR');
    const food = okJson<Record<string, unknown> & { id: number }>(
      await client.post('/api/category/add', { name: 'Food', type: 'real', isIncome: false }),
    );
    const income = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall')).find(
      (c) => c.name === 'Other income',
    )?.id;
    const tx = okJson<{ id: number }>(
      await client.post('/api/transaction/add', {
        amount: 3,
        currency: 'EUR',
        categoryId: food.id,
        time: '2026-10-01T10:00:00Z',
      }),
    );
    okJson(
      await client.post('/api/transaction/add', {
        amount: 9,
        currency: 'EUR',
        categoryId: income,
        time: '2026-10-01T11:00:00Z',
      }),
    );
    okJson(await client.post('/api/category/update', { ...food, isActive: false }));
    const edited = okJson<{ description: string }>(
      await client.post('/api/transaction/update', {
        id: tx.id,
        amount: 3,
        currency: 'EUR',
        categoryId: food.id,
        description: 'still editable',
        time: '2026-10-01T10:00:00Z',
      }),
    );
    expect(edited.description).toBe('still editable');
    const incomeOnly = okJson<{ isIncome: boolean }[]>(
      await client.post('/api/transaction/getfiltered', { directions: [true, true] }),
    );
    expect(incomeOnly.map((t) => t.isIncome)).toEqual([true]);
  });
});
