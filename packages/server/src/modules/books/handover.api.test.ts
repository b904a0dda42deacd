import type { SecurityLogPage } from '@kassa/contract';
import { expect, it } from 'vitest';
import { sharedBook } from '../../test/books.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';

// Handing a book over (issue 34): the owner makes a member the owner and stays on as an editor;
// the book keeps its id, rows and main currency; the new owner may hand it back.

type Summary = { bookId: number; ownerName: string; role: string; isOwn: boolean; mainCurrency: string | null };

describeEachDatabase('handing a shared book over (issue 34)', (ctx) => {
  it('makes a member the owner, the owner an editor, and keeps the book as it was', async () => {
    const anna = await newUser(ctx, 'hand-anna@example.com');
    const bob = await newUser(ctx, 'hand-bob@example.com', 'USD');
    const carol = await newUser(ctx, 'hand-carol@example.com');
    const book = await sharedBook(ctx, anna, bob, 'hand-bob@example.com');
    const categories = okJson<{ id: number; name: string }[]>(await anna.client.get('/api/category/getall?type=real'));
    const expense = categories.find((c) => c.name === 'Other expense')?.id ?? 0;
    const entry = { amount: 12, currency: 'EUR', categoryId: expense, time: '2026-10-02T10:00:00Z' };
    okJson(await anna.client.post('/api/transaction/add', entry));

    expectError(await bob.client.post('/api/book/handover', { userId: bob.userId }, book), 403, 'owner');
    expectError(await anna.client.post('/api/book/handover', { userId: carol.userId }), 404, `Member ${carol.userId}`);
    const members = okJson<{ members: { userId: number; role: string }[] }>(
      await anna.client.post('/api/book/handover', { userId: bob.userId }),
    );
    expect(members.members.map((m) => [m.userId, m.role])).toEqual([
      [bob.userId, 'owner'],
      [anna.userId, 'editor'],
    ]);

    // Anna's own book is still the one her requests open, as its editor now.
    expect(okJson<Summary[]>(await anna.client.get('/api/book/getall'))).toEqual([
      { bookId: anna.userId, ownerName: 'T', role: 'editor', isOwn: true, mainCurrency: 'EUR' },
    ]);
    expect(okJson<Summary[]>(await bob.client.get('/api/book/getall'))).toEqual([
      { bookId: bob.userId, ownerName: 'T', role: 'owner', isOwn: true, mainCurrency: 'USD' },
      { bookId: anna.userId, ownerName: 'T', role: 'owner', isOwn: false, mainCurrency: 'EUR' },
    ]);
    okJson(await anna.client.post('/api/transaction/add', { ...entry, amount: 13 }));
    expectError(await anna.client.post('/api/book/invite', { email: 'x@example.com', role: 'viewer' }), 403, 'owner');
    expectError(await anna.client.post('/api/backup/restore?replace=true', {}), 403, 'owner');

    // The book keeps its main currency (its stored values are in it), though Bob's is USD.
    const rows = okJson<{ amount: number; convertedCurrency?: string }[]>(
      await bob.client.post('/api/transaction/getfiltered', {}, book),
    );
    expect(rows.map((r) => [r.amount, r.convertedCurrency])).toEqual([
      [13, 'EUR'],
      [12, 'EUR'],
    ]);

    // The new owner manages it: Anna a viewer from the next request on.
    okJson(await bob.client.post('/api/book/member/update', { userId: anna.userId, role: 'viewer' }, book));
    expectError(await anna.client.post('/api/transaction/add', entry), 403, 'viewer');

    const log = async (client: typeof anna.client) =>
      okJson<SecurityLogPage>(await client.get('/api/account/security-log')).events.map((e) => e.kind);
    expect(await log(anna.client)).toContain('book-handed-over');
    expect(await log(bob.client)).toContain('book-handed-over');

    // And may hand it back.
    okJson(await bob.client.post('/api/book/handover', { userId: anna.userId }, book));
    expect(okJson<Summary[]>(await anna.client.get('/api/book/getall'))[0]).toEqual({
      bookId: anna.userId,
      ownerName: 'T',
      role: 'owner',
      isOwn: true,
      mainCurrency: 'EUR',
    });
    okJson(await anna.client.post('/api/transaction/add', entry));
    expect(okJson<Summary[]>(await bob.client.get('/api/book/getall'))).toEqual([
      { bookId: bob.userId, ownerName: 'T', role: 'owner', isOwn: true, mainCurrency: 'USD' },
      { bookId: anna.userId, ownerName: 'T', role: 'editor', isOwn: false, mainCurrency: 'EUR' },
    ]);
  });
});
