import type { BackupDocument, Category, ImportPreview, SearchQueryBody, SearchResult } from '@kassa/contract';
import { MORE_ROWS_HEADER } from '@kassa/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { multipart } from '../../test/upload.js';
import { resetDemo } from '../demo/seed.js';
import { LedgerWriter } from '../ledger/writer.js';
import { UsersRepository } from '../users/repository.js';

const search = (client: TestClient, body: SearchQueryBody) => client.post('/api/transaction/search', body);
const found = async (client: TestClient, q: string) => okJson<SearchResult[]>(await search(client, { q }));
/** What a search finds, as "kind:description" (newest first). */
const names = async (client: TestClient, q: string) =>
  (await found(client, q)).map((r) => `${r.kind === 'conversion' ? 'c' : 't'}:${r.description}`);

async function categoryNamed(client: TestClient, name: string): Promise<Category> {
  const category = okJson<Category[]>(await client.get('/api/category/getall')).find((c) => c.name === name);
  if (category === undefined) throw new Error(`no category ${name}`);
  return category;
}

describeEachDatabase('transaction/search', (ctx) => {
  /** A user with EUR, JPY and BHD, a Groceries category, six transactions and two conversions. */
  async function booksUser(email: string) {
    const { client, userId } = await newUser(ctx, email, 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'JPY' }));
    okJson(await client.post('/api/currency/add', { currency: 'BHD' }));
    const groceries = okJson<Category>(
      await client.post('/api/category/add', { name: 'Groceries', type: 'real', isIncome: false }),
    );
    const other = await categoryNamed(client, 'Other expense');
    const add = async (amount: number, currency: string, categoryId: number, description: string, time: string) =>
      okJson<{ id: number }>(
        await client.post('/api/transaction/add', { amount, currency, categoryId, description, time }),
      ).id;
    const ids = {
      coffee: await add(12.5, 'EUR', other.id, 'Coffee at Café Central', '2024-03-05T09:00:00Z'),
      market: await add(150, 'EUR', groceries.id, 'Weekly market', '2024-03-20T10:00:00Z'),
      sushi: await add(1250, 'JPY', other.id, 'Sushi bar', '2024-07-01T12:00:00Z'),
      rent: await add(900, 'EUR', other.id, 'Rent 100% paid_ok', '2023-03-01T08:00:00Z'),
      spice: await add(12.5, 'BHD', groceries.id, 'Spice souk', '2025-01-10T08:00:00Z'),
      tea: await add(4.2, 'EUR', other.id, 'Tea', '2025-03-03T08:00:00Z'),
    };
    const conv = okJson<{ id: number }>(
      await client.post('/api/conversion/add', {
        fromAmount: 100,
        fromCurrency: 'EUR',
        toAmount: 16500,
        toCurrency: 'JPY',
        description: 'Airport exchange',
        time: '2024-06-30T12:00:00Z',
      }),
    ).id;
    okJson(
      await client.post('/api/conversion/add', {
        fromAmount: 12.5,
        fromCurrency: 'EUR',
        toAmount: 5,
        toCurrency: 'BHD',
        description: 'Souk money',
        time: '2025-01-09T12:00:00Z',
      }),
    );
    return { client, userId, ids, conv, groceries, other };
  }

  it('finds by words in the description or category, any case, every word', async () => {
    const { client } = await booksUser('words@example.com');
    expect(await names(client, 'coffee')).toEqual(['t:Coffee at Café Central']);
    expect(await names(client, 'CENTRAL café')).toEqual(['t:Coffee at Café Central']);
    expect(await names(client, 'afé cent')).toEqual(['t:Coffee at Café Central']);
    expect(await names(client, 'coffee tea')).toEqual([]);
    // A category's name finds its transactions; descriptions of conversions too.
    expect(await names(client, 'grocer')).toEqual(['t:Spice souk', 't:Weekly market']);
    expect(await names(client, 'souk')).toEqual(['t:Spice souk', 'c:Souk money']);
    expect(await names(client, 'exchange')).toEqual(['c:Airport exchange']);
    // Short words, and LIKE's own characters taken literally.
    expect(await names(client, 'ea')).toEqual(['t:Tea']);
    expect(await names(client, '100%')).toEqual(['t:Rent 100% paid_ok']);
    expect(await names(client, 'd_o')).toEqual(['t:Rent 100% paid_ok']);
    expect(await names(client, '%')).toEqual(['t:Rent 100% paid_ok']);
    expect(await names(client, '"paid ok"')).toEqual([]);
    expect(await names(client, '"bar" "sushi"')).toEqual(['t:Sushi bar']);
  });

  it('finds by amounts in each currency’s decimals, comparisons and ranges', async () => {
    const { client, ids } = await booksUser('amounts@example.com');
    // 12.50: EUR 12.50, BHD 12.500 and the EUR leg of a conversion; no JPY amount has cents.
    expect(await names(client, '12.50')).toEqual(['t:Spice souk', 'c:Souk money', 't:Coffee at Café Central']);
    expect(await names(client, '12,5 eur')).toEqual(['c:Souk money', 't:Coffee at Café Central']);
    expect(await names(client, '1250')).toEqual(['t:Sushi bar']);
    expect(await names(client, '>899.99')).toEqual(['t:Sushi bar', 'c:Airport exchange', 't:Rent 100% paid_ok']);
    expect(await names(client, '>=900 eur')).toEqual(['t:Rent 100% paid_ok']);
    expect(await names(client, '<5 eur')).toEqual(['t:Tea']);
    expect(await names(client, '<=4.20')).toEqual(['t:Tea']);
    expect(await names(client, '100..200')).toEqual(['c:Airport exchange', 't:Weekly market']);
    expect(await names(client, '>100 <200')).toEqual(['t:Weekly market']);
    expect(await names(client, '200..100')).toEqual([]);
    expect(await names(client, '0.001 jpy')).toEqual([]);
    const [sushi] = await found(client, 'jpy sushi');
    expect(sushi).toMatchObject({ kind: 'transaction', id: ids.sushi, amount: 1250, currency: 'JPY' });
  });

  it('finds by currency codes, years and month names', async () => {
    const { client } = await booksUser('dates@example.com');
    expect(await names(client, 'bhd')).toEqual(['t:Spice souk', 'c:Souk money']);
    expect(await names(client, 'jpy eur 2024 july')).toEqual(['t:Sushi bar']);
    expect(await names(client, '2023')).toEqual(['t:Rent 100% paid_ok']);
    expect(await names(client, 'march')).toEqual([
      't:Tea',
      't:Weekly market',
      't:Coffee at Café Central',
      't:Rent 100% paid_ok',
    ]);
    expect(await names(client, 'mar 2024')).toEqual(['t:Weekly market', 't:Coffee at Café Central']);
    expect(await names(client, '2023 2025 mar')).toEqual(['t:Tea', 't:Rent 100% paid_ok']);
    expect(await names(client, 'june jan')).toEqual(['t:Spice souk', 'c:Souk money', 'c:Airport exchange']);
    expect(await names(client, 'usd')).toEqual([]);
  });

  it('answers rows as getfiltered and getbyid do, newest first, with the kind', async () => {
    const { client, ids, conv } = await booksUser('shape@example.com');
    const [market] = await found(client, 'weekly');
    const listed = okJson<{ id: number }[]>(await client.post('/api/transaction/getfiltered', {})).find(
      (t) => t.id === ids.market,
    );
    expect(market).toEqual({ kind: 'transaction', ...listed });
    expect(market).toMatchObject({ convertedCurrency: 'EUR', convertedAmount: 150, beforeFix: false });
    const [airport] = await found(client, 'airport');
    expect(airport).toEqual({
      kind: 'conversion',
      ...okJson<object>(await client.get(`/api/conversion/getbyid/${conv}`)),
    });
  });

  it('pages newest first with limit and after, across transactions and conversions', async () => {
    const { client } = await booksUser('paging@example.com');
    const all = await found(client, '2024 2025');
    expect(all.map((r) => r.description)).toEqual([
      'Tea',
      'Spice souk',
      'Souk money',
      'Sushi bar',
      'Airport exchange',
      'Weekly market',
      'Coffee at Café Central',
    ]);
    const seen: SearchResult[] = [];
    let after: SearchQueryBody['after'];
    for (;;) {
      const res = await search(client, { q: '2024 2025', limit: 2, ...(after === undefined ? {} : { after }) });
      const page = okJson<SearchResult[]>(res);
      seen.push(...page);
      const last = page.at(-1);
      if (res.headers[MORE_ROWS_HEADER.toLowerCase()] !== 'true' || last === undefined) break;
      expect(page).toHaveLength(2);
      after = { time: last.time, id: last.id, kind: last.kind };
    }
    expect(seen).toEqual(all);
    // Rows of one instant: transactions before conversions, each by id, newest first.
    const time = '2026-01-01T00:00:00Z';
    const other = await categoryNamed(client, 'Other expense');
    for (const description of ['same one', 'same two'])
      okJson(
        await client.post('/api/transaction/add', {
          amount: 1,
          currency: 'EUR',
          categoryId: other.id,
          description,
          time,
        }),
      );
    okJson(
      await client.post('/api/conversion/add', {
        fromAmount: 1,
        fromCurrency: 'EUR',
        toAmount: 160,
        toCurrency: 'JPY',
        description: 'same three',
        time,
      }),
    );
    const same = await found(client, 'same');
    expect(same.map((r) => r.description)).toEqual(['same two', 'same one', 'same three']);
    const paged: string[] = [];
    let cursor: SearchQueryBody['after'];
    for (let i = 0; i < 3; i++) {
      const [row] = okJson<SearchResult[]>(
        await search(client, { q: 'same', limit: 1, ...(cursor === undefined ? {} : { after: cursor }) }),
      );
      if (row === undefined) throw new Error('a page was empty');
      paged.push(row.description);
      cursor = { time: row.time, id: row.id, kind: row.kind };
    }
    expect(paged).toEqual(['same two', 'same one', 'same three']);
  });

  it('never finds another user’s rows, and writes nothing', async () => {
    const { client } = await booksUser('mine@example.com');
    const stranger = await newUser(ctx, 'stranger@example.com', 'EUR');
    const before = await snapshotTables(ctx.database);
    for (const q of ['coffee', 'grocer', '12.50', '2024', 'march', 'eur', 'souk'])
      expect(await found(stranger.client, q), q).toEqual([]);
    expect(await names(client, 'coffee')).toEqual(['t:Coffee at Café Central']);
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('refuses bad input with 400 naming the field, and strangers with 401', async () => {
    const { client } = await newUser(ctx, 'bad@example.com', 'EUR');
    expectError(await client.post('/api/transaction/search', {}), 400, 'q:');
    expectError(await search(client, { q: '   ' }), 400, 'q: must not be empty');
    expectError(await search(client, { q: 'x'.repeat(201) }), 400, 'q: must be at most 200');
    expectError(await search(client, { q: 'a', limit: 0 }), 400, 'limit:');
    expectError(await client.post('/api/transaction/search', { q: 5 }), 400, 'q:');
    expectError(
      await search(client, {
        q: 'a',
        after: { time: '2024-01-01T00:00:00Z', id: 1, kind: 'fixpoint' as 'conversion' },
      }),
      400,
      'after.kind:',
    );
    expectError(
      await search(client, { q: 'a', after: { time: 'yesterday', id: 1, kind: 'transaction' } }),
      400,
      'after.time:',
    );
    expectError(await ctx.client().post('/api/transaction/search', { q: 'a' }), 401);
  });

  it('keeps the index right through every write path', async () => {
    const { client, userId, ids, conv, groceries, other } = await booksUser('writes@example.com');
    // Transaction and conversion update and delete.
    okJson(
      await client.post('/api/transaction/update', {
        id: ids.coffee,
        amount: 3,
        currency: 'EUR',
        categoryId: other.id,
        description: 'Espresso',
        time: '2024-03-05T09:00:00Z',
      }),
    );
    expect(await names(client, 'coffee')).toEqual([]);
    expect(await names(client, 'espresso')).toEqual(['t:Espresso']);
    okJson(
      await client.post('/api/conversion/update', {
        id: conv,
        fromAmount: 100,
        fromCurrency: 'EUR',
        toAmount: 16500,
        toCurrency: 'JPY',
        description: 'Station kiosk',
        time: '2024-06-30T12:00:00Z',
      }),
    );
    expect(await names(client, 'airport')).toEqual([]);
    expect(await names(client, 'kiosk')).toEqual(['c:Station kiosk']);
    expect((await client.delete(`/api/transaction/delete/${ids.tea}`)).statusCode).toBe(200);
    expect((await client.delete(`/api/conversion/delete/${conv}`)).statusCode).toBe(200);
    expect(await names(client, 'tea')).toEqual([]);
    expect(await names(client, 'kiosk')).toEqual([]);

    // Category rename: its new name finds its transactions, the old one no longer.
    okJson(
      await client.post('/api/category/update', {
        id: groceries.id,
        name: 'Food shopping',
        description: '',
        isActive: true,
        monthlyLimit: null,
      }),
    );
    expect(await names(client, 'grocer')).toEqual([]);
    expect(await names(client, 'shopping')).toEqual(['t:Spice souk', 't:Weekly market']);

    // Import commit and undo.
    const [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
    const statement = ['Date,Payee,Description,Amount', '2026-03-02,Bakery Brotzeit,Card payment,-7.30'].join('\n');
    const { payload, extra } = await multipart(
      { name: 'statement.csv', content: statement },
      { pocketId: pocket?.pocketId },
    );
    const preview = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    expect(await names(client, 'brotzeit')).toEqual([]);
    okJson(await client.post(`/api/import/commit/${preview.batchId}`, {}));
    expect(await found(client, 'brotzeit')).toHaveLength(1);
    okJson(await client.post(`/api/import/undo/${preview.batchId}`));
    expect(await names(client, 'brotzeit')).toEqual([]);

    // Backup restore (replacing the books): the restored rows are found again, nothing else.
    const backup = okJson<BackupDocument>(await client.get('/api/backup/get'));
    const before = await names(client, '2023 2024 2025');
    okJson(
      await client.post('/api/transaction/add', {
        amount: 1,
        currency: 'EUR',
        categoryId: other.id,
        description: 'After the backup',
        time: '2025-05-05T00:00:00Z',
      }),
    );
    okJson(await client.post('/api/backup/restore?replace=true', backup));
    expect(await names(client, 'backup')).toEqual([]);
    expect(await names(client, '2023 2024 2025')).toEqual(before);
    expect(await names(client, 'souk')).toEqual(['t:Spice souk', 'c:Souk money']);

    // Bulk load (seeding).
    await LedgerWriter.load(
      ctx.database.db,
      userId,
      [
        {
          categoryId: other.id,
          kind: 'real',
          businessType: null,
          isIncome: false,
          amount: 4321,
          currency: 'EUR',
          description: 'Bulk loaded bicycle',
          time: Date.UTC(2022, 4, 1),
          day: Math.floor(Date.UTC(2022, 4, 1) / 86_400_000),
        },
      ],
      Date.now(),
    );
    expect(await names(client, 'bicycle')).toEqual(['t:Bulk loaded bicycle']);
    expect(await names(client, '43.21')).toEqual(['t:Bulk loaded bicycle']);

    // Demo reset: the old demo's rows vanish with it, the new ones are found.
    const demo = { email: 'demo-search@example.com', password: 'demo-password-1' };
    await resetDemo(ctx.database.db, demo, Date.now());
    const demoClient = ctx.client();
    await demoClient.login(demo.email, demo.password);
    const firstId = (await new UsersRepository(ctx.database.db).findByEmail(demo.email))?.id;
    const firstRows = await found(demoClient, 'eur');
    expect(firstRows.length).toBeGreaterThan(0);
    await resetDemo(ctx.database.db, demo, Date.now());
    const secondId = (await new UsersRepository(ctx.database.db).findByEmail(demo.email))?.id;
    expect(secondId).not.toBe(firstId);
    const again = ctx.client();
    await again.login(demo.email, demo.password);
    const secondRows = await found(again, 'eur');
    expect(secondRows.map((r) => r.description)).toEqual(firstRows.map((r) => r.description));
    // The index holds exactly the rows that exist: a word of every demo row finds it once.
    const [sample] = secondRows;
    if (sample === undefined) throw new Error('the demo has no rows');
    const words = await found(again, `"${sample.description}"`);
    expect(words.filter((r) => r.id === sample.id && r.kind === sample.kind)).toHaveLength(1);
    if (ctx.dialect === 'sqlite') {
      // The FTS5 index agrees with its content tables (the integrity check reads both).
      for (const table of ['transactions_fts', 'conversions_fts'])
        await sql`insert into ${sql.table(table)}(${sql.table(table)}, rank) values ('integrity-check', 1)`.execute(
          ctx.database.db,
        );
    }
  });
});
