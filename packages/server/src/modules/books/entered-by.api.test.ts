import { expect, it } from 'vitest';
import { invitationTo, sharedBook } from '../../test/books.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { multipart } from '../../test/upload.js';

// Who entered each row and who changed it last (issue 34, migration 0034), for every way a member
// writes into a shared book: entry, edit, bulk edit, import, conversions, and undo giving rows back.

type Row = { id: number; created_by: number | null; updated_by: number | null };

describeEachDatabase('who entered and who changed each row of a shared book (issue 34)', (ctx) => {
  it('stamps the member who writes, keeps the maker through edits, and undo gives the stamps back', async () => {
    const owner = await newUser(ctx, 'stamp-owner@example.com');
    const member = await newUser(ctx, 'stamp-member@example.com');
    okJson(await owner.client.post('/api/book/invite', { email: 'stamp-member@example.com', role: 'editor' }));
    okJson(await member.client.post(`/api/book/accept/${invitationTo(ctx, 'stamp-member@example.com')}`));
    const book = { headers: { 'kassa-book': String(owner.userId) } };
    const db = ctx.database.db;
    const stampsOf = async (table: 'transactions' | 'conversions', id: number) =>
      db.selectFrom(table).select(['id', 'created_by', 'updated_by']).where('id', '=', id).executeTakeFirstOrThrow();

    const categories = okJson<{ id: number; name: string }[]>(await owner.client.get('/api/category/getall?type=real'));
    const expense = categories.find((c) => c.name === 'Other expense')?.id ?? 0;
    const groceries = okJson<{ id: number }>(
      await owner.client.post('/api/category/add', { name: 'Groceries', type: 'real', isIncome: false }),
    ).id;
    const entry = { amount: 20, currency: 'EUR', categoryId: expense, time: '2026-11-20T10:00:00Z' };
    const added = okJson<{ id: number }>(await member.client.post('/api/transaction/add', entry, book));
    expect(await stampsOf('transactions', added.id)).toEqual<Row>({
      id: added.id,
      created_by: member.userId,
      updated_by: member.userId,
    });
    // The owner's edit answers the row with its maker kept.
    const edited = okJson<{ createdBy: { userId: number } | null }>(
      await owner.client.post('/api/transaction/update', { ...entry, id: added.id, amount: 21 }),
    );
    expect(edited.createdBy?.userId).toBe(member.userId);
    expect(await stampsOf('transactions', added.id)).toMatchObject({
      created_by: member.userId,
      updated_by: owner.userId,
    });
    okJson(
      await member.client.post(
        '/api/transaction/bulk',
        { ids: [added.id], action: 'update', changes: { categoryId: groceries } },
        book,
      ),
    );
    expect(await stampsOf('transactions', added.id)).toMatchObject({
      created_by: member.userId,
      updated_by: member.userId,
    });

    // A delete by the owner and its undo give the row back as it was, stamps and all.
    const { undo } = okJson<{ undo: string }>(await owner.client.delete(`/api/transaction/delete/${added.id}`));
    okJson(await member.client.post(`/api/undo/${undo}`, {}, book));
    expect(await stampsOf('transactions', added.id)).toMatchObject({
      created_by: member.userId,
      updated_by: member.userId,
    });

    okJson(await owner.client.post('/api/currency/add', { currency: 'USD', items: [] }));
    const conversion = okJson<{ id: number }>(
      await member.client.post(
        '/api/conversion/add',
        { fromAmount: 100, fromCurrency: 'EUR', toAmount: 110, toCurrency: 'USD', time: '2026-11-20T11:00:00Z' },
        book,
      ),
    );
    const listed = okJson<{ id: number; createdBy: { userId: number } | null }[]>(
      await owner.client.post('/api/conversion/getbetween', {
        start: '2026-11-01T00:00:00Z',
        end: '2026-11-30T23:59:59Z',
      }),
    );
    expect(listed.map((c) => [c.id, c.createdBy?.userId])).toEqual([[conversion.id, member.userId]]);
    expect(await stampsOf('conversions', conversion.id)).toMatchObject({
      created_by: member.userId,
      updated_by: member.userId,
    });

    // An import the member commits: every row theirs.
    const csv = ['Date,Payee,Description,Amount', '2026-03-02,REWE,Card,-23.45', '2026-03-03,SWM,Strom,-61.00'].join(
      '\n',
    );
    const [pocket] = okJson<{ pocketId: number }[]>(await member.client.get('/api/pocket/getall', book));
    const { payload, extra } = await multipart({ name: 'statement.csv', content: csv }, { pocketId: pocket?.pocketId });
    const preview = okJson<{ batchId: number }>(
      await member.client.post('/api/import/preview', payload, {
        headers: { ...(extra.headers as Record<string, string>), ...book.headers },
      }),
    );
    expect(
      okJson<{ imported: number }>(await member.client.post(`/api/import/commit/${preview.batchId}`, {}, book))
        .imported,
    ).toBe(2);
    const imported = await db
      .selectFrom('import_links')
      .innerJoin('transactions', 'transactions.id', 'import_links.transaction_id')
      .select(['transactions.created_by', 'transactions.updated_by'])
      .where('import_links.batch_id', '=', preview.batchId)
      .execute();
    expect(imported).toEqual([
      { created_by: member.userId, updated_by: member.userId },
      { created_by: member.userId, updated_by: member.userId },
    ]);
    // Rows of the owner's own entries stay the owner's.
    const own = okJson<{ id: number }>(await owner.client.post('/api/transaction/add', entry));
    expect(await stampsOf('transactions', own.id)).toMatchObject({
      created_by: owner.userId,
      updated_by: owner.userId,
    });
  });

  it('filters the list, its converted sum and the CSV export by who entered the rows', async () => {
    const owner = await newUser(ctx, 'filter-owner@example.com');
    const member = await newUser(ctx, 'filter-member@example.com');
    const book = await sharedBook(ctx, owner, member, 'filter-member@example.com');
    okJson(await owner.client.post('/api/currency/add', { currency: 'USD', items: [] }));
    const categories = okJson<{ id: number; name: string }[]>(await owner.client.get('/api/category/getall?type=real'));
    const expense = categories.find((c) => c.name === 'Other expense')?.id ?? 0;
    const add = async (client: typeof owner.client, amount: number, currency: string, day: string, options = {}) =>
      okJson<{ id: number; convertedAmount?: number }>(
        await client.post(
          '/api/transaction/add',
          { amount, currency, categoryId: expense, time: `2026-10-${day}T10:00:00Z` },
          options,
        ),
      );
    const memberEur = await add(member.client, 10, 'EUR', '02', book);
    const memberUsd = await add(member.client, 5, 'USD', '03', book);
    const ownerEur = await add(owner.client, 7, 'EUR', '04');

    type Listed = { id: number; createdBy: { userId: number } | null };
    const listed = (enteredBy: number[]) =>
      owner.client
        .post('/api/transaction/getfiltered', { enteredBy })
        .then((r) => okJson<Listed[]>(r).map((t) => t.id));
    expect(await listed([member.userId])).toEqual([memberUsd.id, memberEur.id]);
    expect(await listed([owner.userId])).toEqual([ownerEur.id]);
    expect(await listed([owner.userId, member.userId])).toEqual([ownerEur.id, memberUsd.id, memberEur.id]);
    expect(await listed([])).toEqual([ownerEur.id, memberUsd.id, memberEur.id]);

    // The sum of the member's rows: 10 EUR and 5 USD at 3 October's rate, rounded once; the two
    // members' sums make the whole, which the daily totals answer.
    const sum = async (enteredBy: number[]) =>
      okJson<{ amount: number; currency: string }>(
        await member.client.post('/api/transaction/getconvertedsum', { enteredBy }, book),
      ).amount;
    const usd = okJson<{ id: number; convertedAmount?: number }[]>(
      await owner.client.post('/api/transaction/getfiltered', { currencies: ['USD'] }),
    )[0]?.convertedAmount;
    if (usd === undefined) throw new Error('the USD row has no converted amount');
    expect(await sum([member.userId])).toBeCloseTo(-(10 + usd), 9);
    expect(await sum([owner.userId])).toBe(-7);
    expect(Math.round((await sum([member.userId])) * 100) + Math.round((await sum([owner.userId])) * 100)).toBe(
      Math.round((await sum([])) * 100),
    );

    const csv = await owner.client.get(`/api/export/csv?enteredBy=${member.userId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(3);
    expectError(await owner.client.get('/api/export/csv?enteredBy=someone'), 400, 'enteredBy');
    expectError(await owner.client.post('/api/transaction/getfiltered', { enteredBy: ['x'] }), 400, 'enteredBy');
  });
});
