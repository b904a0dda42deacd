import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { expectError, newUser, okJson } from '../test/ledger.js';
import { snapshotTables } from '../test/snapshot.js';

interface Cat {
  id: number;
  name: string;
  description: string;
}

describeEachDatabase('text and dates the ledger accepts', (ctx) => {
  const setup = async (email: string) => {
    const { client } = await newUser(ctx, email, 'EUR');
    const cats = okJson<Cat[]>(await client.get('/api/category/getall'));
    const expense = cats.find((c) => c.name === 'Other expense') as Cat;
    return { client, expense };
  };

  it('strips control characters (NUL included) from text, keeping line breaks in descriptions', async () => {
    const { client, expense } = await setup('text@example.com');
    const added = okJson<{ id: number }>(
      await client.post('/api/transaction/add', {
        amount: 12.5,
        currency: 'EUR',
        categoryId: expense.id,
        description: 'Lunch\u0000 with\u0007 Bob\r\nand\u001b Ann\u009b',
        time: '2026-11-20T12:00:00Z',
      }),
    );
    const stored = okJson<{ description: string }>(await client.get(`/api/transaction/getbyid/${added.id}`));
    expect(stored.description).toBe('Lunch with Bob\nand Ann');

    const cat = okJson<Cat>(
      await client.post('/api/category/add', { name: '\u0000Rent\u0000', type: 'real', isIncome: false }),
    );
    expect(cat.name).toBe('Rent');
    const pocket = okJson<{ name: string }>(
      await client.post('/api/pocket/add', { name: 'Wal\u0000let\n', currency: 'EUR', isCash: true }),
    );
    expect(pocket.name).toBe('Wallet');
  });

  it('refuses dates outside 1900–2199 with a 400 naming the field, writing nothing', async () => {
    const { client, expense } = await setup('dates@example.com');
    const before = await snapshotTables(ctx.database);
    for (const time of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2200-01-01T00:00:00Z', '9999-12-31T00:00:00Z'])
      expectError(
        await client.post('/api/transaction/add', { amount: 1, currency: 'EUR', categoryId: expense.id, time }),
        400,
        'time: must be between 1900-01-01 and 2199-12-31',
      );
    expectError(
      await client.post('/api/analytics/holdings', JSON.stringify('9999-01-01'), {
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'must be between 1900-01-01 and 2199-12-31',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('bounds analytics intervals to 100 years', async () => {
    const { client } = await setup('span@example.com');
    const huge = { interval: { start: '0001-01-01T00:00:00Z', end: '9999-12-31T23:59:59Z' }, direction: false };
    expectError(await client.post('/api/analytics/multiperiod', huge), 400, 'interval.start: must be between');
    const long = { interval: { start: '1900-01-01T00:00:00Z', end: '2100-01-01T00:00:00Z' }, direction: false };
    expectError(await client.post('/api/analytics/multiperiod', long), 400, 'at most 100 years');
    expectError(await client.post('/api/analytics/cashflow', long.interval), 400, 'at most 100 years');
    expectError(await client.post('/api/analytics/oneperiod', long), 400, 'at most 100 years');
    const century = { interval: { start: '1927-01-01T00:00:00Z', end: '2026-12-31T23:59:59Z' }, direction: false };
    const series = okJson<{ name: string; values: unknown[] }[]>(
      await client.post('/api/analytics/multiperiod', century),
    );
    expect(series[0]?.values).toHaveLength(1200);
  });
});
