import type { ImportPreview } from '@kassa/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase, type ApiContext } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { sampleBooks } from '../../test/sample-books.js';
import { snapshotTables } from '../../test/snapshot.js';
import { multipart } from '../../test/upload.js';
import { LedgerWriter } from '../ledger/writer.js';
import { DailyTotalsRepository } from '../ledger/daily-totals.js';

interface Tx {
  id: number;
  categoryId: number;
  description: string;
}
interface Undoable {
  count: number;
  undo: string;
}

const MARCH = { start: '2024-02-01T00:00:00Z', end: '2024-04-30T23:59:59Z' };
const json = (value: unknown) => [JSON.stringify(value), { headers: { 'content-type': 'application/json' } }] as const;

/** Every figure the user can see of the sample books: lists, sums, analytics, fixpoint errors, budgets, search. */
async function figures(client: TestClient, books: { loan: number; shop: number }): Promise<unknown> {
  const out: Record<string, unknown> = {};
  const post = async (url: string, body?: unknown) => okJson(await client.post(url, body));
  out['list'] = await post('/api/transaction/getfiltered', {});
  out['sum'] = await post('/api/transaction/getconvertedsum', {});
  out['conversions'] = await post('/api/conversion/getbetween', MARCH);
  for (const date of ['2024-03-05', '2024-03-09', '2024-03-31'])
    out[`balances ${date}`] = okJson(await client.post('/api/analytics/balances', ...json(date)));
  out['holdings'] = okJson(await client.post('/api/analytics/holdings', ...json('2024-03-31')));
  out['cashflow'] = await post('/api/analytics/cashflow', MARCH);
  for (const direction of [true, false]) {
    out[`oneperiod ${direction}`] = await post('/api/analytics/oneperiod', { interval: MARCH, direction });
    out[`multiperiod ${direction}`] = await post('/api/analytics/multiperiod', { interval: MARCH, direction });
  }
  out['history'] = await post('/api/analytics/balance-history', MARCH);
  const fixpoints = okJson<{ id: number }[]>(await client.post('/api/fixpoint/getbetween', MARCH));
  for (const f of fixpoints) out[`fixpoint ${f.id}`] = okJson(await client.get(`/api/fixpoint/getbyid/${f.id}`));
  out['budget'] = await post('/api/budget/get', { month: '2024-03' });
  out['loan'] = okJson(await client.get(`/api/loan/${books.loan}`));
  out['business'] = okJson(await client.get(`/api/business/${books.shop}`));
  for (const q of ['sushi', 'lunch', 'brotzeit', '12.34', 'march', 'atm'])
    out[`search ${q}`] = await post('/api/transaction/search', { q });
  return withoutVersions(out);
}

/**
 * What is left when rows' versions are taken out: an undo counts as a change (versions.api.test.ts),
 * so the number moves on while everything else comes back as it was.
 */
const withoutVersions = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'version' ? undefined : v))) as unknown;

/** The user's ledger rows and what derives from them, in their own currencies (main values are settled lazily). */
async function ledgerTables(ctx: ApiContext, userId: number): Promise<unknown> {
  const db = ctx.database.db;
  const rows = async (table: 'transactions' | 'conversions' | 'import_links' | 'monthly_native' | 'daily_native') =>
    (
      await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)} where user_id = ${userId} order by 1, 2, 3`.execute(db)
    ).rows;
  return {
    transactions: withoutVersions(await rows('transactions')),
    conversions: withoutVersions(await rows('conversions')),
    links: await rows('import_links'),
    totals: await new DailyTotalsRepository(db).all(userId),
    monthly: await rows('monthly_native'),
    daily: await rows('daily_native'),
  };
}

describeEachDatabase('undo', (ctx) => {
  /** The sample books with a budget on food and two imported rows (whose links must survive an undo). */
  const books = async (email: string) => {
    const b = await sampleBooks(ctx, email);
    okJson(
      await b.client.post('/api/category/update', {
        id: b.food,
        name: 'Food: out;  side',
        description: '',
        isActive: true,
        monthlyLimit: 300,
      }),
    );
    const [pocket] = okJson<{ pocketId: number }[]>(await b.client.get('/api/pocket/getall'));
    const statement = [
      'Date,Payee,Description,Amount',
      '2024-03-12,Bakery Brotzeit,Card,-7.30',
      '2024-03-13,Kiosk,Card,-2.10',
    ];
    const { payload, extra } = await multipart(
      { name: 'statement.csv', content: statement.join('\n') },
      { pocketId: pocket?.pocketId },
    );
    const preview = okJson<ImportPreview>(await b.client.post('/api/import/preview', payload, extra));
    okJson(await b.client.post(`/api/import/commit/${preview.batchId}`, {}));
    const all = okJson<Tx[]>(await b.client.post('/api/transaction/getfiltered', {}));
    return { ...b, all };
  };
  const undo = (client: TestClient, token: string) => client.post(`/api/undo/${token}`);

  it('puts back every row and every figure after a bulk delete', async () => {
    const b = await books('bulk-delete@example.com');
    const figuresBefore = await figures(b.client, b);
    const tablesBefore = await ledgerTables(ctx, b.userId);
    const deleted = okJson<Undoable>(
      await b.client.post('/api/transaction/bulk', { ids: b.all.map((t) => t.id), action: 'delete' }),
    );
    expect(deleted.count).toBe(b.all.length);
    expect(await figures(b.client, b)).not.toEqual(figuresBefore);

    expect(okJson(await undo(b.client, deleted.undo))).toEqual({ count: b.all.length });
    expect(await ledgerTables(ctx, b.userId)).toEqual(tablesBefore);
    expect(await figures(b.client, b)).toEqual(figuresBefore);
    const totals = new DailyTotalsRepository(ctx.database.db);
    expect(await totals.all(b.userId)).toEqual(await totals.recompute(b.userId));
  });

  it('puts back each row’s own category and description after a bulk update', async () => {
    const b = await books('bulk-update@example.com');
    const groceries = okJson<{ id: number }>(
      await b.client.post('/api/category/add', { name: 'Groceries', type: 'real', isIncome: false, monthlyLimit: 50 }),
    ).id;
    const expenses = b.all.filter((t) => t.categoryId === b.food || t.description === 'Card').map((t) => t.id);
    const figuresBefore = await figures(b.client, b);
    const tablesBefore = await ledgerTables(ctx, b.userId);
    const moved = okJson<Undoable>(
      await b.client.post('/api/transaction/bulk', {
        ids: expenses,
        action: 'update',
        changes: { categoryId: groceries, description: 'Shopping' },
      }),
    );
    expect(await figures(b.client, b)).not.toEqual(figuresBefore);
    expect(okJson(await undo(b.client, moved.undo))).toEqual({ count: expenses.length });
    expect(await ledgerTables(ctx, b.userId)).toEqual(tablesBefore);
    expect(await figures(b.client, b)).toEqual(figuresBefore);
  });

  it('puts back a single deleted transaction and conversion', async () => {
    const b = await books('single@example.com');
    const tablesBefore = await ledgerTables(ctx, b.userId);
    const figuresBefore = await figures(b.client, b);
    const [conversion] = okJson<{ id: number }[]>(await b.client.post('/api/conversion/getbetween', MARCH));
    const t = okJson<Undoable>(await b.client.delete(`/api/transaction/delete/${b.all[3]?.id ?? 0}`));
    const c = okJson<Undoable>(await b.client.delete(`/api/conversion/delete/${conversion?.id ?? 0}`));
    expect(t.count).toBe(1);
    expect(okJson(await undo(b.client, c.undo))).toEqual({ count: 1 });
    expect(okJson(await undo(b.client, t.undo))).toEqual({ count: 1 });
    expect(await ledgerTables(ctx, b.userId)).toEqual(tablesBefore);
    expect(await figures(b.client, b)).toEqual(figuresBefore);
  });

  it('takes a token once, only from its user, and only for its time; strangers get 401', async () => {
    const b = await books('tokens@example.com');
    const stranger = await books('stranger@example.com');
    const first = okJson<Undoable>(await b.client.delete(`/api/transaction/delete/${b.all[0]?.id ?? 0}`));
    const second = okJson<Undoable>(await b.client.delete(`/api/transaction/delete/${b.all[1]?.id ?? 0}`));
    const before = await snapshotTables(ctx.database);
    expectError(await undo(stranger.client, first.undo), 404, 'this undo token is unknown');
    expectError(await undo(b.client, 'A'.repeat(32)), 404, 'unknown');
    expectError(await undo(b.client, 'not a token'), 404, 'unknown');
    const anonymous = ctx.client();
    expectError(await undo(anonymous, first.undo), 401);
    expect(await snapshotTables(ctx.database)).toEqual(before);

    okJson(await undo(b.client, first.undo));
    expectError(await undo(b.client, first.undo), 404, 'This change was already undone');

    await ctx.database.db
      .updateTable('undo_entries')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const expired = await snapshotTables(ctx.database);
    expectError(await undo(b.client, second.undo), 404, 'can no longer be undone: undo works for 10 minutes');
    expect(await snapshotTables(ctx.database)).toEqual(expired);
    // The next undoable change drops the user's expired entries and their saved rows.
    okJson(await b.client.delete(`/api/transaction/delete/${b.all[2]?.id ?? 0}`));
    const left = await ctx.database.db
      .selectFrom('undo_transactions')
      .select('id')
      .where('user_id', '=', b.userId)
      .execute();
    expect(left.map((r) => r.id)).toEqual([b.all[2]?.id]);
  });

  it('forgets every undo when the books are restored from a backup', async () => {
    const b = await books('restore@example.com');
    const deleted = okJson<Undoable>(await b.client.delete(`/api/transaction/delete/${b.all[0]?.id ?? 0}`));
    const backup = okJson(await b.client.get('/api/backup/get'));
    okJson(await b.client.post('/api/backup/restore?replace=true', backup));
    expectError(await undo(b.client, deleted.undo), 404, 'unknown');
  });

  it('refuses (409) and writes nothing when a row was changed or deleted since', async () => {
    const b = await books('drift@example.com');
    const rows = b.all.filter((t) => t.categoryId === b.food);
    const moved = okJson<Undoable>(
      await b.client.post('/api/transaction/bulk', {
        ids: rows.map((t) => t.id),
        action: 'update',
        changes: { description: 'Food' },
      }),
    );
    const [edited, gone] = rows;
    const current = okJson<Record<string, unknown>>(await b.client.get(`/api/transaction/getbyid/${edited?.id ?? 0}`));
    okJson(await b.client.post('/api/transaction/update', { ...current, amount: 99 }));
    okJson(await b.client.delete(`/api/transaction/delete/${gone?.id ?? 0}`));
    const before = await snapshotTables(ctx.database);
    expectError(
      await undo(b.client, moved.undo),
      409,
      `1 transaction changed and 1 transaction deleted since, out of ${rows.length} transactions; nothing was undone`,
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);

    // A category emptied by a bulk move and deleted since cannot take its rows back.
    const spare = okJson<{ id: number }>(
      await b.client.post('/api/category/add', { name: 'Spare', type: 'real', isIncome: false }),
    ).id;
    const spareRow = okJson<{ id: number }>(
      await b.client.post('/api/transaction/add', { amount: 1, currency: 'EUR', categoryId: spare, time: MARCH.end }),
    ).id;
    const away = okJson<Undoable>(
      await b.client.post('/api/transaction/bulk', {
        ids: [spareRow],
        action: 'update',
        changes: { categoryId: b.food },
      }),
    );
    expect((await b.client.delete(`/api/category/delete/${spare}`)).statusCode).toBeLessThan(300);
    expectError(await undo(b.client, away.undo), 409, `Category ${spare} was deleted since`);
  });

  it('adjusts thousands of daily totals at once, exactly', async () => {
    const b = await books('many@example.com');
    const day0 = Math.floor(Date.UTC(2015, 0, 1) / 86_400_000);
    await LedgerWriter.load(
      ctx.database.db,
      b.userId,
      Array.from({ length: 2600 }, (_, i) => ({
        categoryId: b.food,
        kind: 'real' as const,
        businessType: null,
        isIncome: false,
        amount: 100 + i,
        currency: i % 2 === 0 ? 'EUR' : 'USD',
        description: `Row ${i}`,
        time: (day0 + i) * 86_400_000 + 3_600_000,
        day: day0 + i,
      })),
      Date.now(),
    );
    const ids = okJson<Tx[]>(await b.client.post('/api/transaction/getfiltered', { limit: 5000 })).map((t) => t.id);
    const tablesBefore = await ledgerTables(ctx, b.userId);
    const history = okJson(
      await b.client.post('/api/analytics/balance-history', { start: '2014-12-01T00:00:00Z', end: MARCH.end }),
    );
    const deleted = okJson<Undoable>(await b.client.post('/api/transaction/bulk', { ids, action: 'delete' }));
    expect(okJson(await undo(b.client, deleted.undo))).toEqual({ count: ids.length });
    const moved = okJson<Undoable>(
      await b.client.post('/api/transaction/bulk', { ids, action: 'update', changes: { description: 'Same' } }),
    );
    okJson(await undo(b.client, moved.undo));
    // Rebuilt native rows leave out the zero rows incremental writes keep: compare without them.
    const nonZero = (t: unknown) => {
      const tables = t as Record<string, Record<string, unknown>[]>;
      for (const k of ['monthly', 'daily'])
        tables[k] = (tables[k] ?? []).filter(
          (r) => Number(r['cash']) !== 0 || Number(r['loan']) !== 0 || Number(r['pending']) !== 0,
        );
      return tables;
    };
    expect(nonZero(await ledgerTables(ctx, b.userId))).toEqual(nonZero(tablesBefore));
    expect(
      okJson(await b.client.post('/api/analytics/balance-history', { start: '2014-12-01T00:00:00Z', end: MARCH.end })),
    ).toEqual(history);
  });
});
