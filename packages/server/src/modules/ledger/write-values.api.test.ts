import type { ImportPreview } from '@kassa/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, type ApiContext } from '../../test/harness.js';
import { okJson } from '../../test/ledger.js';
import { sampleBooks } from '../../test/sample-books.js';
import { multipart } from '../../test/upload.js';
import { MainValuesRepository } from './main-values.js';

// Issue 33: a batch write (an import commit, a restore) stores each changed daily total with its
// main-currency value and rolls its months up, so the first report after it reads them at once.
// The values it writes must be exactly the ones a report computes for the same totals.

const INTERVAL = { start: '2020-01-01T00:00:00Z', end: '2026-12-31T23:59:59Z' };

/** The user's totals with their stored values, in key order. */
async function storedValues(ctx: ApiContext, userId: number) {
  const rows = await ctx.database.db
    .selectFrom('daily_totals')
    .select(['day', 'currency', 'category_id', 'business_type', 'is_income', 'amount', 'main_minor', 'main_frac'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .orderBy('currency')
    .orderBy('category_id')
    .orderBy('business_type')
    .orderBy('is_income')
    .execute();
  return rows.map((r) => ({
    ...r,
    amount: String(r.amount),
    main_minor: r.main_minor === null ? null : String(r.main_minor),
    main_frac: r.main_frac === null ? null : String(r.main_frac),
  }));
}

/** Months still waiting for values or a roll-up. */
async function dirtyMonths(ctx: ApiContext, userId: number): Promise<number> {
  const rows = await ctx.database.db.selectFrom('dirty_months').select('month').where('user_id', '=', userId).execute();
  return rows.length;
}

/** What the writer stored, against what a report computes once every value is cleared. */
async function expectValuesAsReportsCompute(
  ctx: ApiContext,
  userId: number,
  client: { post: (url: string, body?: unknown) => Promise<unknown> },
) {
  const written = await storedValues(ctx, userId);
  expect(written.length).toBeGreaterThan(0);
  expect(written.filter((r) => r.main_minor === null)).toEqual([]);
  expect(await dirtyMonths(ctx, userId)).toBe(0);
  const before = okJson((await client.post('/api/analytics/cashflow', INTERVAL)) as never);
  await new MainValuesRepository(ctx.database.db).clearFrom(0);
  expect((await storedValues(ctx, userId)).every((r) => r.main_minor === null)).toBe(true);
  const after = okJson((await client.post('/api/analytics/cashflow', INTERVAL)) as never);
  expect(await storedValues(ctx, userId)).toEqual(written);
  expect(after).toEqual(before);
}

describeEachDatabase('a batch write values what it writes', (ctx) => {
  it('a restore stores every total with the value a report computes, and leaves no month to roll up', async () => {
    const { client, userId } = await sampleBooks(ctx, `write-values-restore-${ctx.dialect}@example.com`);
    const doc = okJson(await client.get('/api/backup/get'));
    okJson(await client.post('/api/backup/restore?replace=true', doc));
    await expectValuesAsReportsCompute(ctx, userId, client);
  });

  it('an import commit values the totals it adds to and the new ones, in USD and EUR', async () => {
    const { client, userId } = await sampleBooks(ctx, `write-values-import-${ctx.dialect}@example.com`);
    // A first report values and rolls up the sample books; the import then changes some of
    // their totals (the same days) and adds new ones.
    okJson(await client.post('/api/analytics/cashflow', INTERVAL));
    const [pocket] = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
    const { payload, extra } = await multipart(
      {
        name: 'statement.csv',
        content: [
          'Date,Payee,Description,Amount',
          '2024-02-15,Shop,Card 1,-12.34',
          '2025-07-01,Shop,Card 2,-0.01',
          '2025-07-02,Employer,Pay,1500.00',
        ].join('\n'),
      },
      { pocketId: pocket?.pocketId },
    );
    const preview = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    okJson(await client.post(`/api/import/commit/${preview.batchId}`, {}));
    await expectValuesAsReportsCompute(ctx, userId, client);
  });
});
