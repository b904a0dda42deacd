import type { Conversion, Transaction } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase, type ApiContext } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';

// Row versions (issue 36): an offline edit or delete names the version it was made on, and a row
// changed meanwhile is refused (409 version_conflict), never silently overwritten.

async function setup(ctx: ApiContext, email: string) {
  const { client } = await newUser(ctx, email);
  okJson(await client.post('/api/currency/add', { currency: 'USD' }));
  const categories = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
  const expense = categories.find((c) => c.name === 'Other expense')?.id ?? 0;
  const body = { amount: '10', currency: 'EUR', categoryId: expense, time: '2026-11-20T12:00:00Z', description: 'a' };
  const tx = okJson<Transaction>(await client.post('/api/transaction/add', body));
  return { client, body, tx, expense };
}

const byId = async (client: TestClient, id: number) =>
  okJson<Transaction>(await client.get(`/api/transaction/getbyid/${id}`));

describeEachDatabase('row versions (issue 36)', (ctx) => {
  it('counts every change; an edit on an older version is refused and writes nothing', async () => {
    const { client, body, tx } = await setup(ctx, 'versions@example.com');
    expect(tx.version).toBe(1);
    const online = okJson<Transaction>(
      await client.post('/api/transaction/update', { ...body, id: tx.id, description: 'b' }),
    );
    expect(online.version).toBe(2);
    const named = okJson<Transaction>(
      await client.post('/api/transaction/update', { ...body, id: tx.id, description: 'c', version: 2 }),
    );
    expect(named.version).toBe(3);
    expect((await byId(client, tx.id)).version).toBe(3);
    const listed = okJson<Transaction[]>(await client.post('/api/transaction/getfiltered', {}));
    expect(listed.find((t) => t.id === tx.id)?.version).toBe(3);

    const before = await snapshotTables(ctx.database);
    const stale = await client.post('/api/transaction/update', {
      ...body,
      id: tx.id,
      description: 'offline',
      version: 2,
    });
    expectError(stale, 409, `Transaction ${tx.id} was changed since version 2: it is at version 3 now`);
    expect(stale.json<{ type: string }>().type).toBe('version_conflict');
    expect(await snapshotTables(ctx.database)).toEqual(before);
    expect((await byId(client, tx.id)).description).toBe('c');
    expectError(
      await client.post('/api/transaction/update', { ...body, id: tx.id, version: 0 }),
      400,
      'version: must be a positive integer version',
    );
  });

  it('a delete on an older version is refused; undo gives the row back under its version', async () => {
    const { client, body, tx } = await setup(ctx, 'delete-versions@example.com');
    okJson(await client.post('/api/transaction/update', { ...body, id: tx.id, description: 'moved on' }));
    const before = await snapshotTables(ctx.database);
    expectError(await client.delete(`/api/transaction/delete/${tx.id}?version=1`), 409, 'was changed since version 1');
    expect(await snapshotTables(ctx.database)).toEqual(before);
    expectError(
      await client.delete(`/api/transaction/delete/${tx.id}?version=x`),
      400,
      'version: must be a positive integer version',
    );
    const done = okJson<{ undo: string }>(await client.delete(`/api/transaction/delete/${tx.id}?version=2`));
    expectError(await client.delete(`/api/transaction/delete/${tx.id}?version=2`), 404);
    okJson(await client.post(`/api/undo/${done.undo}`));
    expect((await byId(client, tx.id)).version).toBe(2);
    expect(
      okJson<Transaction>(await client.post('/api/transaction/update', { ...body, id: tx.id, version: 2 })).version,
    ).toBe(3);
  });

  it('a bulk edit and its undo each count as a change', async () => {
    const { client, tx } = await setup(ctx, 'bulk-versions@example.com');
    const bulk = okJson<{ undo: string }>(
      await client.post('/api/transaction/bulk', { ids: [tx.id], action: 'update', changes: { description: 'bulk' } }),
    );
    expect((await byId(client, tx.id)).version).toBe(2);
    okJson(await client.post(`/api/undo/${bulk.undo}`));
    const after = await byId(client, tx.id);
    // The content comes back, the number counts on: 2 named the bulk's content and must not name another.
    expect([after.description, after.version]).toEqual(['a', 3]);
  });

  it('conversions carry versions the same way', async () => {
    const { client } = await setup(ctx, 'conversion-versions@example.com');
    const body = { fromAmount: 10, fromCurrency: 'EUR', toAmount: 11, toCurrency: 'USD', time: '2026-11-20T12:00:00Z' };
    const c = okJson<Conversion>(await client.post('/api/conversion/add', body));
    expect(c.version).toBe(1);
    expect(
      okJson<Conversion>(await client.post('/api/conversion/update', { ...body, id: c.id, toAmount: 12, version: 1 }))
        .version,
    ).toBe(2);
    const before = await snapshotTables(ctx.database);
    expectError(
      await client.post('/api/conversion/update', { ...body, id: c.id, version: 1 }),
      409,
      `Conversion ${c.id} was changed since version 1`,
    );
    expectError(await client.delete(`/api/conversion/delete/${c.id}?version=1`), 409);
    expect(await snapshotTables(ctx.database)).toEqual(before);
    okJson(await client.delete(`/api/conversion/delete/${c.id}?version=2`));
  });
});
