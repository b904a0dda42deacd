import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BookInvite, BookMembers, BookSummary, SecurityLogPage } from '@kassa/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { invitationTo } from '../../test/books.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';

type Tx = { id: number; description: string; createdBy?: { userId: number; name: string } | null };

const inBook = (bookId: number) => ({ headers: { 'kassa-book': String(bookId) } });

async function expenseCategory(client: TestClient, book?: number): Promise<number> {
  const all = okJson<{ id: number; name: string }[]>(
    await client.get('/api/category/getall?type=real', book === undefined ? undefined : inBook(book)),
  );
  return all.find((c) => c.name === 'Other expense')?.id ?? 0;
}

describeEachDatabase('shared books (issue 34)', (ctx) => {
  /** An owner with a book, and a member of it with the role, invited and accepted over the API. */
  async function household(tag: string, role: 'editor' | 'viewer') {
    const owner = await newUser(ctx, `${tag}-owner@example.com`);
    const member = await newUser(ctx, `${tag}-member@example.com`);
    const invite = okJson<BookInvite>(
      await owner.client.post('/api/book/invite', { email: `${tag}-member@example.com`, role }),
    );
    expect(invite).toMatchObject({ email: `${tag}-member@example.com`, role });
    const accepted = okJson<BookSummary>(
      await member.client.post(`/api/book/accept/${invitationTo(ctx, `${tag}-member@example.com`)}`),
    );
    expect(accepted).toEqual({ bookId: owner.userId, ownerName: 'T', role, isOwn: false, mainCurrency: 'EUR' });
    return { owner, member, bookId: owner.userId };
  }

  it('an editor invited by mail writes in the owner’s book, and the owner sees it', async () => {
    const { owner, member, bookId } = await household('edit', 'editor');
    expect(okJson<BookSummary[]>(await member.client.get('/api/book/getall'))).toEqual([
      { bookId: member.userId, ownerName: 'T', role: 'owner', isOwn: true, mainCurrency: 'EUR' },
      { bookId, ownerName: 'T', role: 'editor', isOwn: false, mainCurrency: 'EUR' },
    ]);
    const category = await expenseCategory(member.client, bookId);
    const added = okJson<Tx>(
      await member.client.post(
        '/api/transaction/add',
        { amount: 12.5, currency: 'EUR', categoryId: category, description: 'groceries', time: '2026-11-20T10:00:00Z' },
        inBook(bookId),
      ),
    );
    // In the owner's own book (no header), not in the member's.
    expect(added.createdBy).toEqual({ userId: member.userId, name: 'T' });
    const ownersRows = okJson<Tx[]>(await owner.client.post('/api/transaction/getfiltered', {}));
    expect(ownersRows.map((t) => [t.id, t.createdBy?.userId])).toEqual([[added.id, member.userId]]);
    expect(okJson<Tx>(await owner.client.get(`/api/transaction/getbyid/${added.id}`)).createdBy?.userId).toBe(
      member.userId,
    );
    expect(okJson<Tx[]>(await member.client.post('/api/transaction/getfiltered', {}))).toEqual([]);
    // The members list: the owner first.
    const members = okJson<BookMembers>(await member.client.get('/api/book/members', inBook(bookId)));
    expect(members.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.userId, 'owner'],
      [member.userId, 'editor'],
    ]);
    expect(members.invites).toEqual([]); // open invitations are the owner's to see
  });

  it('a viewer reads and analyses but every write answers 403 naming the role; a stranger gets 404', async () => {
    const { owner, member, bookId } = await household('view', 'viewer');
    const category = await expenseCategory(owner.client);
    okJson(
      await owner.client.post('/api/transaction/add', {
        amount: 7,
        currency: 'EUR',
        categoryId: category,
        time: '2026-11-20T10:00:00Z',
      }),
    );
    expect(okJson<Tx[]>(await member.client.post('/api/transaction/getfiltered', {}, inBook(bookId)))).toHaveLength(1);
    okJson(
      await member.client.post(
        '/api/analytics/cashflow',
        { start: '2026-11-01T00:00:00Z', end: '2026-11-30T23:59:59Z' },
        inBook(bookId),
      ),
    );
    expectError(
      await member.client.post(
        '/api/transaction/add',
        { amount: 1, currency: 'EUR', categoryId: category, time: '2026-11-20T10:00:00Z' },
        inBook(bookId),
      ),
      403,
      'Your role in this book is viewer',
    );
    expectError(await member.client.post('/api/pocket/add', { name: 'Mine', currency: 'EUR' }, inBook(bookId)), 403);
    const stranger = await newUser(ctx, 'view-stranger@example.com');
    expectError(
      await stranger.client.post('/api/transaction/getfiltered', {}, inBook(bookId)),
      404,
      `Book ${bookId} not found`,
    );
    expectError(await stranger.client.get('/api/book/members', inBook(bookId)), 404);
    expectError(
      await stranger.client.get('/api/category/getall', { headers: { 'kassa-book': 'mine' } }),
      400,
      'Kassa-Book',
    );
  });

  it('only the owner manages members and restores; role changes and removal count from the next request', async () => {
    const { owner, member, bookId } = await household('manage', 'editor');
    expectError(
      await member.client.post('/api/book/invite', { email: 'x@example.com', role: 'viewer' }, inBook(bookId)),
      403,
      'owner',
    );
    expectError(
      await member.client.post('/api/backup/restore?replace=true', {}, inBook(bookId)),
      403,
      'restore a backup',
    );
    expectError(
      await member.client.post('/api/book/member/update', { userId: member.userId, role: 'editor' }, inBook(bookId)),
      403,
    );

    okJson(await owner.client.post('/api/book/member/update', { userId: member.userId, role: 'viewer' }));
    expectError(
      await member.client.post('/api/pocket/add', { name: 'P', currency: 'EUR' }, inBook(bookId)),
      403,
      'viewer',
    );
    okJson(await owner.client.post('/api/book/member/update', { userId: member.userId, role: 'editor' }));
    okJson(await member.client.post('/api/pocket/add', { name: 'P', currency: 'EUR' }, inBook(bookId)));

    // An API token the member made in the book opens that book only, and dies with the membership.
    const { token } = okJson<{ token: string }>(
      await member.client.post('/api/account/tokens', { name: 'script', scope: 'read-write' }, inBook(bookId)),
    );
    const script = ctx.client();
    script.token = token;
    expect(okJson<{ name: string }[]>(await script.get('/api/pocket/getall')).map((p) => p.name)).toContain('P');
    expectError(await script.get('/api/pocket/getall', inBook(member.userId)), 404);

    expect((await owner.client.delete(`/api/book/member/delete/${member.userId}`)).statusCode).toBe(204);
    expectError(await member.client.get('/api/pocket/getall', inBook(bookId)), 404);
    expect((await script.get('/api/pocket/getall')).statusCode).toBe(401); // its token went with the membership
    expect(okJson<BookSummary[]>(await member.client.get('/api/book/getall'))).toHaveLength(1);
    expectError(await owner.client.delete(`/api/book/member/delete/${member.userId}`), 404);

    const kinds = async (client: TestClient) =>
      okJson<SecurityLogPage>(await client.get('/api/account/security-log')).events.map((e) => e.kind);
    expect(await kinds(member.client)).toEqual(
      expect.arrayContaining(['book-joined', 'book-role-changed', 'book-member-removed']),
    );
    expect(await kinds(owner.client)).toEqual(
      expect.arrayContaining(['book-invited', 'book-joined', 'book-member-removed']),
    );
  });

  it('an invitation works once, for its address, until it expires; members leave, owners cannot', async () => {
    const owner = await newUser(ctx, 'once-owner@example.com');
    const invited = await newUser(ctx, 'once-invited@example.com');
    const other = await newUser(ctx, 'once-other@example.com');
    okJson(await owner.client.post('/api/book/invite', { email: 'Once-Invited@example.com', role: 'viewer' }));
    const token = invitationTo(ctx, 'once-invited@example.com');
    expectError(await other.client.post(`/api/book/accept/${token}`), 403, 'once-invited@example.com');
    okJson(await invited.client.post(`/api/book/accept/${token}`));
    expectError(await invited.client.post(`/api/book/accept/${token}`), 404, 'not valid');
    expectError(
      await owner.client.post('/api/book/invite', { email: 'once-invited@example.com', role: 'viewer' }),
      409,
    );
    expectError(await owner.client.post('/api/book/invite', { email: 'once-owner@example.com', role: 'viewer' }), 400);

    okJson(await owner.client.post('/api/book/invite', { email: 'once-other@example.com', role: 'editor' }));
    const late = invitationTo(ctx, 'once-other@example.com');
    const open = okJson<BookMembers>(await owner.client.get('/api/book/members'));
    expect(open.invites.map((i) => [i.email, i.role])).toEqual([['once-other@example.com', 'editor']]);
    await sql`update book_invites set expires_at = 0 where email = 'once-other@example.com'`.execute(ctx.database.db);
    expectError(await other.client.post(`/api/book/accept/${late}`), 404, 'not valid');
    expect(okJson<BookMembers>(await owner.client.get('/api/book/members')).invites).toEqual([]);

    expectError(await owner.client.post(`/api/book/leave/${owner.userId}`), 409);
    expect((await invited.client.post(`/api/book/leave/${owner.userId}`)).statusCode).toBe(204);
    expectError(await invited.client.get('/api/category/getall', inBook(owner.userId)), 404);
    expectError(await invited.client.post(`/api/book/leave/${owner.userId}`), 404);
  });

  it('a member of two books reaches each row only through its own book', async () => {
    const first = await household('two-a', 'editor');
    const second = await newUser(ctx, 'two-b-owner@example.com');
    okJson(await second.client.post('/api/book/invite', { email: 'two-a-member@example.com', role: 'editor' }));
    okJson(await first.member.client.post(`/api/book/accept/${invitationTo(ctx, 'two-a-member@example.com')}`));
    const row = okJson<Tx>(
      await first.member.client.post(
        '/api/transaction/add',
        {
          amount: 3,
          currency: 'EUR',
          categoryId: await expenseCategory(first.member.client, first.bookId),
          time: '2026-11-20T10:00:00Z',
        },
        inBook(first.bookId),
      ),
    );
    okJson(await first.member.client.get(`/api/transaction/getbyid/${row.id}`, inBook(first.bookId)));
    expectError(await first.member.client.get(`/api/transaction/getbyid/${row.id}`, inBook(second.userId)), 404);
    expectError(await first.member.client.get(`/api/transaction/getbyid/${row.id}`), 404); // their own book
    expectError(await first.member.client.delete(`/api/transaction/delete/${row.id}`), 404);
    expect(okJson<Tx[]>(await first.owner.client.post('/api/transaction/getfiltered', {}))).toHaveLength(1);
  });

  it('someone without an account is invited with a referral code, signs up and accepts', async () => {
    const owner = await newUser(ctx, 'new-owner@example.com');
    okJson(await owner.client.post('/api/book/invite', { email: 'newcomer@example.com', role: 'editor' }));
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .find((m) => m.includes('To: newcomer@example.com'));
    expect(mail).toMatch(/referral code [A-Z0-9-]+/);
    expect(mail).toContain('/public/signup?email=newcomer%40example.com');
    const newcomer = await newUser(ctx, 'newcomer@example.com');
    expect(
      okJson<BookSummary>(await newcomer.client.post(`/api/book/accept/${invitationTo(ctx, 'newcomer@example.com')}`))
        .role,
    ).toBe('editor');
  });

  it('lets the owner withdraw an open invitation, whose link then stops working', async () => {
    const owner = await newUser(ctx, 'withdraw-owner@example.com');
    const invitee = await newUser(ctx, 'withdraw-invitee@example.com');
    const invite = okJson<BookInvite>(
      await owner.client.post('/api/book/invite', { email: 'withdraw-invitee@example.com', role: 'viewer' }),
    );
    const token = invitationTo(ctx, 'withdraw-invitee@example.com');
    const header = { headers: { 'kassa-book': String(owner.userId) } };
    expectError(
      await invitee.client.delete(`/api/book/invite/delete/${invite.id}`, header),
      404,
      `Book ${owner.userId} not found`,
    );
    expect((await owner.client.delete(`/api/book/invite/delete/${invite.id}`)).statusCode).toBe(204);
    expect(okJson<BookMembers>(await owner.client.get('/api/book/members')).invites).toEqual([]);
    expectError(
      await owner.client.delete(`/api/book/invite/delete/${invite.id}`),
      404,
      `Invitation ${invite.id} not found`,
    );
    expectError(await invitee.client.post(`/api/book/accept/${token}`), 404);
  });
});
