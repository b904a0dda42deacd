import type { BackupDocument } from '@kassa/contract';
import { expect, it } from 'vitest';
import { sharedBook } from '../../test/books.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';

// A shared book's backup carries who entered each row, its splits and its settlements, with the
// people by key, name and e-mail (version 5); a restore finds them among the book's members.

const october = { interval: { start: '2026-10-01T00:00:00Z', end: '2026-10-31T23:59:59Z' } };

describeEachDatabase('backups of a shared book (issue 34)', (ctx) => {
  it('round-trips splits, settlements and makers, and refuses a book without the members they name', async () => {
    const anna = await newUser(ctx, 'backup-anna@example.com');
    const bob = await newUser(ctx, 'backup-bob@example.com');
    const book = await sharedBook(ctx, anna, bob, 'backup-bob@example.com');
    const categories = okJson<{ id: number; name: string }[]>(await anna.client.get('/api/category/getall?type=real'));
    const expense = categories.find((c) => c.name === 'Other expense')?.id ?? 0;
    const shares = [
      { userId: anna.userId, weight: 1 },
      { userId: bob.userId, weight: 2 },
    ];
    const split = okJson<{ id: number }>(
      await bob.client.post(
        '/api/transaction/add',
        { amount: 60, currency: 'EUR', categoryId: expense, time: '2026-10-02T10:00:00Z', shares },
        book,
      ),
    );
    okJson(
      await anna.client.post('/api/settlement/add', {
        fromUserId: bob.userId,
        toUserId: anna.userId,
        amount: 5,
        currency: 'EUR',
        time: '2026-10-03T10:00:00Z',
        description: 'Coffee',
      }),
    );
    // Settle-up's figures; the settlements without their ids, which a restore gives anew.
    const settleUp = async () => {
      const answer = okJson<{ settlements: { id: number }[] }>(
        await anna.client.post('/api/analytics/settle-up', october),
      );
      return { ...answer, settlements: answer.settlements.map((s) => ({ ...s, id: 0 })) };
    };
    const before = await settleUp();

    // An editor may take the book's backup; it names both people.
    const doc = okJson<BackupDocument>(await bob.client.get('/api/backup/get', book));
    expect(doc.members.map((m) => m.email).sort()).toEqual(['backup-anna@example.com', 'backup-bob@example.com']);
    const bobKey = doc.members.find((m) => m.email === 'backup-bob@example.com')?.key;
    const annaKey = doc.members.find((m) => m.email === 'backup-anna@example.com')?.key;
    expect(doc.transactions).toEqual([
      expect.objectContaining({
        createdBy: bobKey,
        paidBy: bobKey,
        shares: [
          { memberKey: annaKey, weight: 1 },
          { memberKey: bobKey, weight: 2 },
        ],
      }),
    ]);
    expect(doc.settlements).toEqual([
      {
        fromKey: bobKey,
        toKey: annaKey,
        amount: '5',
        currency: 'EUR',
        time: '2026-10-03T10:00:00.000Z',
        description: 'Coffee',
        createdBy: annaKey,
      },
    ]);

    // Only the owner restores into the shared book; the restored book settles up the same.
    expectError(await bob.client.post('/api/backup/restore?replace=true', doc, book), 403, 'owner');
    expect(okJson(await anna.client.post('/api/backup/restore?replace=true', doc))).toMatchObject({
      transactions: 1,
      settlements: 1,
    });
    expect(await settleUp()).toEqual(before);
    const [row] = okJson<{ id: number; createdBy: { userId: number } | null; paidBy?: number }[]>(
      await anna.client.post('/api/transaction/getfiltered', {}),
    );
    expect(row).toMatchObject({ createdBy: { userId: bob.userId }, paidBy: bob.userId });
    expect(row?.id).not.toBe(split.id);

    // A book without Bob cannot hold his part of the split: 400 naming him, nothing written.
    const carol = await newUser(ctx, 'backup-carol@example.com');
    const snapshot = await snapshotTables(ctx.database);
    expectError(
      await carol.client.post('/api/backup/restore', doc),
      400,
      'members: backup-anna@example.com, backup-bob@example.com are not members of this book',
    );
    expect(await snapshotTables(ctx.database)).toEqual(snapshot);
  });
});
