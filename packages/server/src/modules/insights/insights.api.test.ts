import {
  conversionCostsSchema,
  exposureSchema,
  fixpointDriftSchema,
  networthBridgeSchema,
  type NetworthBridge,
} from '@kassa/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';

const REPORTS = {
  'conversion-costs': conversionCostsSchema,
  'networth-bridge': networthBridgeSchema,
  'fixpoint-drift': fixpointDriftSchema,
  exposure: exposureSchema,
} as const;

describeEachDatabase('insights routes', (ctx) => {
  it('answer the contract shapes over HTTP, and the bridge adds up to balances', async () => {
    const { client } = await newUser(ctx, 'routes@example.com', 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const cats = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
    const income = cats.find((c) => c.name === 'Other income')?.id;
    okJson(
      await client.post('/api/transaction/add', {
        amount: 100,
        currency: 'USD',
        categoryId: income,
        time: '2026-03-02T10:00:00Z',
      }),
    );
    okJson(
      await client.post('/api/conversion/add', {
        fromAmount: 50,
        fromCurrency: 'USD',
        toAmount: 45,
        toCurrency: 'EUR',
        time: '2026-04-02T10:00:00Z',
      }),
    );
    const interval = { start: '2026-03-10T00:00:00Z', end: '2026-06-30T23:59:59Z' };
    for (const [name, schema] of Object.entries(REPORTS)) {
      const body = okJson(await client.post(`/api/analytics/${name}`, interval));
      expect(schema.safeParse(body).success, name).toBe(true);
    }
    const bridge = okJson<NetworthBridge>(await client.post('/api/analytics/networth-bridge', interval));
    const networth = async (date: string) =>
      okJson<{ name: string; asset: { amount: number } }[]>(
        await client.post('/api/analytics/balances', JSON.stringify(date), {
          headers: { 'content-type': 'application/json' },
        }),
      ).find((b) => b.name === 'networth')?.asset.amount;
    expect(bridge.start).toBe(await networth('2026-03-09'));
    expect(bridge.end).toBe(await networth('2026-06-30T23:59:59Z'));
    const cents = (x: number) => Math.round(x * 100);
    expect(cents(bridge.start) + bridge.parts.reduce((s, p) => s + cents(p.amount), 0)).toBe(cents(bridge.end));
    expect(bridge.parts.map((p) => p.name)).toEqual([
      'income',
      'expense',
      'business',
      'external',
      'conversioncost',
      'fx',
      'fixpointerror',
    ]);
  });

  it('refuse bad intervals with a 400 naming the field, and strangers with a 401', async () => {
    const { client } = await newUser(ctx, 'routes-bad@example.com', 'EUR');
    for (const name of Object.keys(REPORTS)) {
      const url = `/api/analytics/${name}`;
      expectError(await client.post(url, { start: 'yesterday', end: '2026-01-01T00:00:00Z' }), 400, 'start:');
      expectError(await client.post(url, { start: '2026-01-01T00:00:00Z' }), 400, 'end:');
      expectError(
        await client.post(url, { start: '2026-02-01T00:00:00Z', end: '2026-01-01T00:00:00Z' }),
        400,
        'start: ',
      );
      expectError(await client.post(url), 400, 'body: is required');
      expect((await ctx.client().post(url, {})).statusCode).toBe(401);
    }
  });
});
