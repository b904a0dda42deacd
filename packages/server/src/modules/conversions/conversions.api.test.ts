import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';

interface Conv {
  id: number;
  userId: number;
  fromAmount: number;
  fromCurrency: string;
  toAmount: number;
  toCurrency: string;
  description: string;
  time: string;
}

describeEachDatabase('conversions', (ctx) => {
  it('adds, reads, lists, updates and deletes conversions between two own currencies', async () => {
    const { client, userId } = await newUser(ctx, 'conv@example.com', 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'JPY' }));
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const c = okJson<Conv>(
      await client.post('/api/conversion/add', {
        fromAmount: '100+20',
        fromCurrency: 'EUR',
        toAmount: 19500,
        toCurrency: 'jpy',
        description: 'airport',
        time: '2026-11-10T12:00:00Z',
      }),
    );
    expect(c).toMatchObject({
      userId,
      fromAmount: 120,
      fromCurrency: 'EUR',
      toAmount: 19500,
      toCurrency: 'JPY',
      description: 'airport',
      time: '2026-11-10T12:00:00.000Z',
    });
    expect(okJson<Conv>(await client.get(`/api/conversion/getbyid/${c.id}`))).toEqual(c);
    okJson(
      await client.post('/api/conversion/add', {
        fromAmount: 1,
        fromCurrency: 'USD',
        toAmount: 0.9,
        toCurrency: 'EUR',
        time: '2026-12-01T00:00:00Z',
      }),
    );

    const november = okJson<Conv[]>(
      await client.post('/api/conversion/getbetween', { start: '2026-11-01T00:00:00Z', end: '2026-11-30T23:59:59Z' }),
    );
    expect(november.map((x) => x.id)).toEqual([c.id]);

    const updated = okJson<Conv>(
      await client.post('/api/conversion/update', { ...c, fromAmount: 121.5, toAmount: 19700 }),
    );
    expect(updated).toMatchObject({ fromAmount: 121.5, toAmount: 19700 });
    expect(
      okJson<{ code: string }[]>(await client.get('/api/currency/usersall'))
        .slice(0, 2)
        .map((x) => x.code)
        .sort(),
    ).toEqual(['EUR', 'JPY']);

    const other = await newUser(ctx, 'conv-other@example.com', 'EUR');
    okJson(await other.client.post('/api/currency/add', { currency: 'JPY' }));
    const before = await snapshotTables(ctx.database);
    const base = { fromAmount: 1, fromCurrency: 'EUR', toAmount: 1, toCurrency: 'JPY', time: '2026-11-10T12:00:00Z' };
    expectError(
      await client.post('/api/conversion/add', { ...base, toCurrency: 'EUR' }),
      400,
      'toCurrency: must differ from fromCurrency',
    );
    expectError(
      await client.post('/api/conversion/add', { ...base, toCurrency: 'GBP' }),
      400,
      'toCurrency: GBP is not one of your currencies',
    );
    expectError(
      await client.post('/api/conversion/add', { ...base, toAmount: 1.5 }),
      400,
      'toAmount: must have at most 0 decimals',
    );
    expectError(
      await client.post('/api/conversion/add', { ...base, fromAmount: -1 }),
      400,
      'fromAmount: must be greater than zero',
    );
    expectError(await client.post('/api/conversion/add', { ...base, time: undefined }), 400, 'time: is required');
    expectError(
      await client.post('/api/conversion/getbetween', { start: '2026-11-01T00:00:00Z' }),
      400,
      'end: is required',
    );

    expectError(await other.client.get(`/api/conversion/getbyid/${c.id}`), 404);
    expectError(await other.client.post('/api/conversion/update', { ...base, id: c.id }), 404);
    expectError(await other.client.delete(`/api/conversion/delete/${c.id}`), 404);
    expect(
      okJson<Conv[]>(
        await other.client.post('/api/conversion/getbetween', {
          start: '2000-01-01T00:00:00Z',
          end: '2030-01-01T00:00:00Z',
        }),
      ),
    ).toEqual([]);
    expect(await snapshotTables(ctx.database)).toEqual(before);

    const deleted = await client.delete(`/api/conversion/delete/${c.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ count: 1, undo: expect.any(String) as unknown });
    expectError(await client.get(`/api/conversion/getbyid/${c.id}`), 404);
  });
});
