import type { ImportCommitResult, ImportPreview, ImportUndoResult } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { multipart } from '../../test/upload.js';
import { DailyTotalsRepository } from '../ledger/daily-totals.js';

interface TransactionDto {
  id: number;
  amount: number;
  isIncome: boolean;
  currency: string;
  description: string;
}
interface ConversionDto {
  id: number;
  fromAmount: number;
  fromCurrency: string;
  toAmount: number;
  toCurrency: string;
}
interface PocketDto {
  pocketId: number;
  name: string;
  currency: string;
}

const ALL = { interval: { start: '2024-01-01T00:00:00Z', end: '2024-12-31T23:59:59Z' } };
const HEADER = 'Date,Payee,Description,Amount';

async function preview(client: TestClient, lines: string[], pocketId: number) {
  const { payload, extra } = await multipart(
    { name: 'statement.csv', content: [HEADER, ...lines].join('\n') },
    { pocketId },
  );
  return okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
}

const commit = async (client: TestClient, batchId: number, body: unknown = {}) =>
  okJson<ImportCommitResult>(await client.post(`/api/import/commit/${batchId}`, body));

const conversionsOf = async (client: TestClient) =>
  okJson<ConversionDto[]>(
    await client.post('/api/conversion/getbetween', { start: '2024-01-01T00:00:00Z', end: '2024-12-31T00:00:00Z' }),
  );

const transactions = async (client: TestClient) =>
  okJson<TransactionDto[]>(await client.post('/api/transaction/getfiltered', ALL));

describeEachDatabase('import: near matches, transfers and conversions', (ctx) => {
  async function userWithPockets(email: string) {
    const { client, userId } = await newUser(ctx, email);
    const [checking] = okJson<PocketDto[]>(await client.get('/api/pocket/getall'));
    const savings = okJson<PocketDto>(
      await client.post('/api/pocket/add', { name: 'Savings', currency: 'EUR', isCash: false }),
    );
    okJson(await client.post('/api/currency/add', { currency: 'USD', items: [{ name: 'US account' }] }));
    const dollars = okJson<PocketDto[]>(await client.get('/api/pocket/getall')).find((p) => p.currency === 'USD');
    if (checking === undefined || dollars === undefined) throw new Error('pockets missing');
    return { client, userId, checking, savings, dollars };
  }

  const expectTotalsRight = async (userId: number) => {
    const totals = new DailyTotalsRepository(ctx.database.db);
    expect(await totals.all(userId)).toEqual(await totals.recompute(userId));
  };

  it('proposes a row typed by hand with the same amount within 3 days as a near match, never merging it', async () => {
    const { client, checking } = await userWithPockets('near@example.com');
    const categories = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
    const other = categories.find((c) => c.name === 'Other expense');
    const typed = okJson<TransactionDto>(
      await client.post('/api/transaction/add', {
        isIncome: false,
        amount: 12.5,
        currency: 'EUR',
        categoryId: other?.id,
        description: 'Pizza',
        time: '2024-03-01T19:00:00Z',
      }),
    );
    const shown = await preview(
      client,
      ['2024-03-03,Pizzeria Roma,Card,-12.50', '2024-03-08,Pizzeria Roma,Card,-12.50'],
      checking.pocketId,
    );
    expect(shown.rows[0]).toMatchObject({
      status: 'duplicate',
      duplicateOf: {
        kind: 'near',
        transactionId: typed.id,
        date: '2024-03-01',
        amount: '-12.50',
        description: 'Pizza',
      },
    });
    expect(shown.rows[0]?.reason).toContain('import it anyway');
    expect(shown.rows[1]?.status).toBe('new'); // 7 days away
    // Left as proposed: the near match is skipped; "import anyway" writes it.
    expect(await commit(client, shown.batchId, { rows: [{ line: 2, skip: false }] })).toMatchObject({
      imported: 2,
      duplicates: 0,
    });
    expect(await transactions(client)).toHaveLength(3);
  });

  it('turns a transfer between two pockets of one currency into one transfer from pocket to pocket, from one file or two', async () => {
    const { client, userId, checking, savings } = await userWithPockets('transfer@example.com');
    const first = await preview(
      client,
      ['2024-03-01,Savings,Transfer to savings,-500.00', '2024-03-02,Shop,Things,-20.00'],
      checking.pocketId,
    );
    expect(first.rows.every((r) => r.match === undefined)).toBe(true);
    await commit(client, first.batchId);
    expect(await transactions(client)).toHaveLength(2);

    // The savings account's statement shows the other leg two days later.
    const second = await preview(client, ['2024-03-03,Checking,Transfer from checking,500.00'], savings.pocketId);
    const outgoing = (await transactions(client)).find((t) => t.amount === 500);
    expect(second.rows[0]).toMatchObject({
      status: 'new',
      match: {
        kind: 'transfer',
        transactionId: outgoing?.id,
        pocketId: checking.pocketId,
        date: '2024-03-01',
        amount: '-500.00',
      },
    });
    expect(await commit(client, second.batchId)).toMatchObject({ imported: 0, transfers: 1, conversions: 0 });
    // A transfer changes no currency's total, but it moves money from checking to savings
    // (DESIGN §4): the first import's expense becomes one leg of it.
    expect((await transactions(client)).map((t) => t.amount)).toEqual([20]);
    expect((await conversionsOf(client)).map((c) => [c.fromAmount, c.fromCurrency, c.toAmount, c.toCurrency])).toEqual([
      [500, 'EUR', 500, 'EUR'],
    ]);
    await expectTotalsRight(userId);

    // Re-importing either statement recognises its rows; undo puts the first import's row back.
    expect(
      (await preview(client, ['2024-03-03,Checking,Transfer from checking,500.00'], savings.pocketId)).counts,
    ).toEqual({
      new: 0,
      duplicate: 1,
      error: 0,
    });
    expect(
      (await preview(client, ['2024-03-01,Savings,Transfer to savings,-500.00'], checking.pocketId)).rows[0]?.status,
    ).toBe('duplicate');
    expect(okJson<ImportUndoResult>(await client.post(`/api/import/undo/${second.batchId}`))).toEqual({
      batchId: second.batchId,
      removed: 1,
      restored: 1,
    });
    expect(await conversionsOf(client)).toEqual([]);
    expect((await transactions(client)).map((t) => t.amount).sort((a, b) => a - b)).toEqual([20, 500]);
    await expectTotalsRight(userId);
    // And undoing the first import now removes the restored row as well.
    expect(okJson<ImportUndoResult>(await client.post(`/api/import/undo/${first.batchId}`))).toMatchObject({
      removed: 2,
    });
    expect(await transactions(client)).toEqual([]);
  });

  it('proposes two currencies moving within the day rate as one conversion', async () => {
    const { client, userId, checking, dollars } = await userWithPockets('conversion@example.com');
    const euros = await preview(client, ['2024-03-01,Wise,To USD,-500.00'], checking.pocketId);
    await commit(client, euros.batchId);
    // 500 EUR at 1.0813 USD/EUR is 540.65 USD; 538.20 arrives after fees (within 5 %).
    const usd = await preview(
      client,
      ['2024-03-02,Wise,From EUR,538.20', '2024-03-02,Cafe,Coffee,-4.00'],
      dollars.pocketId,
    );
    expect(usd.rows[0]?.match).toMatchObject({
      kind: 'conversion',
      pocketId: checking.pocketId,
      amount: '-500.00',
      currency: 'EUR',
    });
    expect(usd.rows[1]?.match).toBeUndefined();
    expect(await commit(client, usd.batchId)).toMatchObject({ imported: 1, conversions: 1 });
    const conversions = okJson<ConversionDto[]>(
      await client.post('/api/conversion/getbetween', { start: '2024-01-01T00:00:00Z', end: '2024-12-31T00:00:00Z' }),
    );
    expect(conversions.map((c) => [c.fromAmount, c.fromCurrency, c.toAmount, c.toCurrency])).toEqual([
      [500, 'EUR', 538.2, 'USD'],
    ]);
    expect((await transactions(client)).map((t) => [t.amount, t.currency])).toEqual([[4, 'USD']]);
    await expectTotalsRight(userId);
    okJson(await client.post(`/api/import/undo/${usd.batchId}`));
    expect(
      okJson<ConversionDto[]>(
        await client.post('/api/conversion/getbetween', { start: '2024-01-01T00:00:00Z', end: '2024-12-31T00:00:00Z' }),
      ),
    ).toEqual([]);
    expect((await transactions(client)).map((t) => [t.amount, t.currency])).toEqual([[500, 'EUR']]);
    await expectTotalsRight(userId);
  });

  it('remembers a pair the user rejected and does not propose it again', async () => {
    const { client, checking, savings } = await userWithPockets('rejected@example.com');
    await commit(client, (await preview(client, ['2024-05-10,Landlord,Rent,-800.00'], checking.pocketId)).batchId);
    const lines = ['2024-05-11,Employer,Bonus,800.00'];
    const shown = await preview(client, lines, savings.pocketId);
    expect(shown.rows[0]?.match?.kind).toBe('transfer');
    expect(await commit(client, shown.batchId, { rows: [{ line: 2, match: false }] })).toMatchObject({
      imported: 1,
      transfers: 0,
    });
    expect((await transactions(client)).map((t) => t.amount).sort()).toEqual([800, 800]);
    // Undo and preview again: the same pair is not proposed.
    okJson(await client.post(`/api/import/undo/${shown.batchId}`));
    expect((await preview(client, lines, savings.pocketId)).rows[0]?.match).toBeUndefined();
  });
});
