import type { ImportPreview } from '@kassa/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { bundledRates } from '../rates/bundle.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { ImportRepository } from './repository.js';
import { ImportService, type PendingCaps } from './service.js';

// One user's pending previews are capped in rows and stored bytes (issue 31: seven million-row
// previews made a 2.45 GB database). Past a cap the oldest are discarded, and the answer says so.

const file = (rows: number, tag: string) => ({
  name: `${tag}.csv`,
  bytes: new TextEncoder().encode(
    ['Date,Payee,Amount', ...Array.from({ length: rows }, (_, i) => `2026-03-0${(i % 9) + 1},${tag} ${i},-1.00`)].join(
      '\n',
    ),
  ),
});

describeEachDatabase('import: caps on pending previews', (ctx) => {
  const service = (caps: PendingCaps) =>
    new ImportService(
      ctx.database.db,
      new RatesService(new RatesRepository(ctx.database.db), bundledRates()),
      undefined,
      Date.now,
      caps,
    );

  it('discards the oldest previews past the row cap, keeps the new one, and names what went', async () => {
    const { client, userId } = await newUser(ctx, 'caps-rows@example.com');
    const [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
    const owner = { id: userId } as Parameters<ImportService['preview']>[0];
    const imports = service({ rows: 10, bytes: 1e9 });
    const options = { pocketId: pocket?.pocketId };
    const a = await imports.preview(owner, file(4, 'a'), options);
    const b = await imports.preview(owner, file(4, 'b'), options);
    expect(a.discardedPreviews).toBeUndefined();
    expect(b.discardedPreviews).toBeUndefined();
    // 4 + 4 + 5 = 13 rows > 10: the oldest (a) goes, 9 remain.
    const c: ImportPreview = await imports.preview(owner, file(5, 'c'), options);
    expect(c.discardedPreviews).toEqual([{ batchId: a.batchId, fileName: 'a.csv' }]);
    const pending = await new ImportRepository(ctx.database.db).pendingPreviews(userId);
    expect(pending.map((p) => p.id)).toEqual([b.batchId, c.batchId]);
    // The discarded preview cannot be committed; the others can.
    expect((await client.post(`/api/import/commit/${a.batchId}`, {})).statusCode).toBe(404);
    expect((await client.post(`/api/import/commit/${c.batchId}`, {})).statusCode).toBe(200);
  });

  it('keeps the stored size of each preview and discards by bytes too; a lone preview over the cap stays', async () => {
    const { client, userId } = await newUser(ctx, 'caps-bytes@example.com');
    const [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
    const owner = { id: userId } as Parameters<ImportService['preview']>[0];
    const options = { pocketId: pocket?.pocketId };
    const first = await service({ rows: 1e6, bytes: 1e9 }).preview(owner, file(3, 'x'), options);
    const [stored] = await new ImportRepository(ctx.database.db).pendingPreviews(userId);
    expect(stored?.stored_bytes).toBeGreaterThan(100);
    const tight = service({ rows: 1e6, bytes: 10 });
    const second = await tight.preview(owner, file(3, 'y'), options);
    expect(second.discardedPreviews).toEqual([{ batchId: first.batchId, fileName: 'x.csv' }]);
    const third = await tight.preview(owner, file(3, 'z'), options);
    expect(third.discardedPreviews).toEqual([{ batchId: second.batchId, fileName: 'y.csv' }]);
    expect((await new ImportRepository(ctx.database.db).pendingPreviews(userId)).map((p) => p.id)).toEqual([
      third.batchId,
    ]);
  });
});
