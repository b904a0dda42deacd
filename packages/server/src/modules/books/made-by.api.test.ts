import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { sharedBook } from '../../test/books.js';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { multipart } from '../../test/upload.js';

// Fixpoints and import batches record who made them and who changed them last (issue 34,
// migration 0035), and their answers name the maker as transactions and conversions do.

type Made = { id: number; createdBy: { userId: number; name: string } | null };

describeEachDatabase('who made the fixpoints and import batches of a shared book (issue 34)', (ctx) => {
  it('names the member who set a fixpoint and who changed its states last', async () => {
    const owner = await newUser(ctx, 'fix-owner@example.com');
    const member = await newUser(ctx, 'fix-member@example.com');
    const book = await sharedBook(ctx, owner, member, 'fix-member@example.com');
    const db = ctx.database.db;
    const stamps = (id: number) =>
      db.selectFrom('fixpoints').select(['created_by', 'updated_by']).where('id', '=', id).executeTakeFirstOrThrow();

    const [pocket] = okJson<{ pocketId: number }[]>(await owner.client.get('/api/pocket/getall'));
    const pocketId = pocket?.pocketId ?? 0;
    const set = okJson<Made>(
      await member.client.post('/api/fixpoint/set?time=2026-11-20T10:00:00Z', [{ pocketId, balance: 12 }], book),
    );
    expect(set.createdBy).toEqual({ userId: member.userId, name: 'T' });
    expect(await stamps(set.id)).toEqual({ created_by: member.userId, updated_by: member.userId });

    const updated = await owner.client.post('/api/pocketstate/update', [{ fixpointId: set.id, pocketId, balance: 13 }]);
    expect(updated.statusCode).toBe(204);
    expect(await stamps(set.id)).toEqual({ created_by: member.userId, updated_by: owner.userId });

    // Every answer that lists the fixpoint names its maker, to the owner as to the member.
    const last = okJson<Made>(await owner.client.get('/api/fixpoint/getlast'));
    expect(last.createdBy?.userId).toBe(member.userId);
    const byId = okJson<Made>(await owner.client.get(`/api/fixpoint/getbyid/${set.id}`));
    expect(byId.createdBy?.userId).toBe(member.userId);
    const between = okJson<Made[]>(
      await member.client.post(
        '/api/fixpoint/getbetween',
        { start: '2026-11-01T00:00:00Z', end: '2026-11-30T00:00:00Z' },
        book,
      ),
    );
    expect(between.map((f) => [f.id, f.createdBy?.userId])).toEqual([[set.id, member.userId]]);
    // The owner's own fixpoint is the owner's.
    const own = okJson<Made>(
      await owner.client.post('/api/fixpoint/set?time=2026-11-21T10:00:00Z', [{ pocketId, balance: 13 }]),
    );
    expect(own.createdBy?.userId).toBe(owner.userId);
  });

  it('names who previewed a batch and stamps who committed and who undid it, with its anchor fixpoint', async () => {
    const owner = await newUser(ctx, 'batch-owner@example.com');
    const member = await newUser(ctx, 'batch-member@example.com');
    const book = await sharedBook(ctx, owner, member, 'batch-member@example.com');
    const db = ctx.database.db;
    const batchStamps = (id: number) =>
      db
        .selectFrom('import_batches')
        .select(['created_by', 'updated_by'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    // A statement with a closing balance (LEDGERBAL): its commit makes an anchor fixpoint.
    const ofx = readFileSync(new URL('../import/formats/fixtures/ofx/bank-sgml-102.ofx', import.meta.url));
    const [pocket] = okJson<{ pocketId: number }[]>(await owner.client.get('/api/pocket/getall'));
    const { payload, extra } = await multipart({ name: 'statement.ofx', content: ofx }, { pocketId: pocket?.pocketId });
    const preview = okJson<{ batchId: number }>(
      await member.client.post('/api/import/preview', payload, {
        headers: { ...(extra.headers as Record<string, string>), ...book.headers },
      }),
    );
    expect(await batchStamps(preview.batchId)).toEqual({ created_by: member.userId, updated_by: member.userId });
    const listed = okJson<Made[]>(await owner.client.get('/api/import/getall'));
    expect(listed.map((b) => [b.id, b.createdBy?.userId])).toEqual([[preview.batchId, member.userId]]);

    const committed = okJson<{ imported: number; fixpointId?: number | null }>(
      await owner.client.post(`/api/import/commit/${preview.batchId}`, { fixpoint: true }),
    );
    expect(committed.imported).toBe(3);
    expect(await batchStamps(preview.batchId)).toEqual({ created_by: member.userId, updated_by: owner.userId });
    const anchors = await db
      .selectFrom('fixpoints')
      .select(['created_by', 'updated_by'])
      .where('user_id', '=', owner.userId)
      .execute();
    // The statement's opening and closing balances, both anchored by the member who committed.
    const byOwner = { created_by: owner.userId, updated_by: owner.userId };
    expect(anchors).toEqual([byOwner, byOwner]);

    okJson(await member.client.post(`/api/import/undo/${preview.batchId}`, {}, book));
    expect(await batchStamps(preview.batchId)).toEqual({ created_by: member.userId, updated_by: member.userId });
  });
});
