import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';

interface PocketDto {
  pocketId: number;
  name: string;
  currency: string;
  isCash: boolean;
  balance: number;
}

describeEachDatabase('currencies and pockets', (ctx) => {
  it('lists the supported catalogue without a login', async () => {
    const list = okJson<{ code: string; decimals: number; sign: string; signBefore: boolean }[]>(
      await ctx.app.inject({ method: 'GET', url: '/api/currency/supported' }),
    );
    expect(list.find((c) => c.code === 'JPY')).toMatchObject({ decimals: 0 });
    expect(list.find((c) => c.code === 'EUR')).toMatchObject({ decimals: 2, sign: '€' });
  });

  it('adds a currency with its pockets in one go, refusing duplicates and unknown codes', async () => {
    const { client } = await newUser(ctx, 'cur@example.com', 'HUF');
    expect(okJson<{ code: string }[]>(await client.get('/api/currency/usersall')).map((c) => c.code)).toEqual(['HUF']);
    const added = okJson<{ code: string; lastUsed: string }>(
      await client.post('/api/currency/add', {
        currency: 'usd',
        items: [{ name: 'Wallet', isCash: true }, { name: 'Bank' }],
      }),
    );
    expect(added.code).toBe('USD');
    expect(Date.parse(added.lastUsed)).toBeGreaterThan(0);
    expect(okJson<{ code: string }[]>(await client.get('/api/currency/usersall')).map((c) => c.code)).toEqual([
      'USD',
      'HUF',
    ]);
    const pockets = okJson<PocketDto[]>(await client.get('/api/pocket/getall'));
    expect(pockets.map((p) => [p.name, p.currency, p.isCash, p.balance])).toEqual([
      ['Default pocket HUF', 'HUF', false, 0],
      ['Wallet', 'USD', true, 0],
      ['Bank', 'USD', false, 0],
    ]);
    // Without pockets, the currency gets its default pocket.
    okJson(await client.post('/api/currency/add', { currency: 'JPY' }));
    const grouped = okJson<{ currency: string; items: PocketDto[] }[]>(await client.get('/api/pocket/getall-grouped'));
    expect(grouped.map((g) => [g.currency, g.items.map((i) => i.name)])).toEqual([
      ['HUF', ['Default pocket HUF']],
      ['JPY', ['Default pocket JPY']],
      ['USD', ['Wallet', 'Bank']],
    ]);

    const before = await snapshotTables(ctx.database);
    expectError(await client.post('/api/currency/add', { currency: 'USD' }), 409, 'currency: you already have USD');
    expectError(
      await client.post('/api/currency/add', { currency: 'XYZ' }),
      400,
      'currency: XYZ is not a supported currency',
    );
    expectError(
      await client.post('/api/currency/add', { currency: 'US' }),
      400,
      'currency: must be a three-letter currency code',
    );
    expectError(
      await client.post('/api/currency/add', { currency: 'GBP', items: [{ name: '' }] }),
      400,
      'items.0.name: is required',
    );
    expectError(await client.post('/api/currency/add', {}), 400, 'currency: is required');
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('adds, adds many atomically and updates pockets; other users see 404', async () => {
    const { client } = await newUser(ctx, 'pockets@example.com', 'EUR');
    const p = okJson<PocketDto>(
      await client.post('/api/pocket/add', { name: ' Cash ', currency: 'EUR', isCash: true }),
    );
    expect(p).toMatchObject({ name: 'Cash', currency: 'EUR', isCash: true, balance: 0 });

    const before = await snapshotTables(ctx.database);
    expectError(
      await client.post('/api/pocket/add', { name: 'X', currency: 'USD' }),
      400,
      'currency: USD is not one of your currencies',
    );
    expectError(
      await client.post('/api/pocket/addmany', [
        { name: 'Good', currency: 'EUR' },
        { name: 'Bad', currency: 'GBP' },
      ]),
      400,
      '1.currency: GBP is not one of your currencies',
    );
    expectError(await client.post('/api/pocket/addmany', []), 400, 'must hold at least one pocket');
    expectError(
      await client.post('/api/pocket/update', { pocketId: p.pocketId, name: 'C', isCash: true, currency: 'USD' }),
      400,
      'keeps its currency',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);

    const many = okJson<PocketDto[]>(
      await client.post('/api/pocket/addmany', [
        { name: 'A', currency: 'EUR' },
        { name: 'B', currency: 'EUR', isCash: true },
      ]),
    );
    expect(many.map((m) => m.name)).toEqual(['A', 'B']);
    const updated = okJson<PocketDto>(
      await client.post('/api/pocket/update', { pocketId: p.pocketId, name: 'Purse', isCash: false }),
    );
    expect(updated).toMatchObject({ pocketId: p.pocketId, name: 'Purse', isCash: false });

    const other = await newUser(ctx, 'pockets-other@example.com', 'EUR');
    expectError(
      await other.client.post('/api/pocket/update', { pocketId: p.pocketId, name: 'Mine', isCash: false }),
      404,
    );
    expect(okJson<PocketDto[]>(await other.client.get('/api/pocket/getall')).map((x) => x.name)).toEqual([
      'Default pocket EUR',
    ]);
  });
});
