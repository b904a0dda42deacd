import type { ImportBatch, ImportCommitResult, ImportPreview, ImportUndoResult } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { multipart } from '../../test/upload.js';
import { DailyTotalsRepository } from '../ledger/daily-totals.js';

interface TransactionDto {
  id: number;
  amount: number;
  isIncome: boolean;
  categoryId: number;
  description: string;
  time: string;
  currency: string;
}
interface CategoryDto {
  id: number;
  name: string;
  isIncome: boolean | null;
}
interface PocketDto {
  pocketId: number;
  name: string;
  currency: string;
}

const STATEMENT = [
  'Date,Payee,Description,Amount',
  '2026-03-02,REWE Markt,Card payment 0302,-23.45',
  '2026-03-03,Stadtwerke München,Strom März,-61.00',
  '2026-03-05,Café Central,Coffee,-3.50',
  '2026-03-05,Café Central,Coffee,-3.50',
  '2026-03-31,ACME GmbH,Salary March,2500.00',
].join('\n');

const ALL = { interval: { start: '2026-01-01T00:00:00Z', end: '2026-12-31T23:59:59Z' } };

async function preview(client: TestClient, content: string, options?: unknown, name = 'statement.csv') {
  const { payload, extra } = await multipart({ name, content }, options);
  return client.post('/api/import/preview', payload, extra);
}

async function pocketOf(client: TestClient): Promise<PocketDto> {
  const [pocket] = okJson<PocketDto[]>(await client.get('/api/pocket/getall'));
  if (pocket === undefined) throw new Error('the user has no pocket');
  return pocket;
}

describeEachDatabase('import: preview, commit, undo', (ctx) => {
  /** The books' own tables and derived totals, to prove a request wrote nothing. */
  const books = async () => {
    const all = await snapshotTables(ctx.database);
    const keep = ['transactions', 'conversions', 'fixpoints', 'pocket_states', 'daily_totals', 'categories'];
    return Object.fromEntries(Object.entries(all).filter(([name]) => keep.includes(name)));
  };

  /** The maintained daily totals equal their recomputation from the rows. */
  const expectTotalsRight = async (userId: number) => {
    const totals = new DailyTotalsRepository(ctx.database.db);
    expect(await totals.all(userId)).toEqual(await totals.recompute(userId));
  };

  it('previews without touching the books, commits exactly that, recognises the same file again', async () => {
    const { client, userId } = await newUser(ctx, 'import-basic@example.com');
    const pocket = await pocketOf(client);
    const before = await books();
    const shown = okJson<ImportPreview>(await preview(client, STATEMENT, { pocketId: pocket.pocketId }));
    expect(await books()).toEqual(before);
    expect(shown.format).toBe('csv');
    expect(shown.counts).toEqual({ new: 5, duplicate: 0, error: 0 });
    expect(shown.accounts).toEqual([{ account: '', currency: 'EUR', pocketId: pocket.pocketId }]);
    expect(shown.rows.map((r) => [r.line, r.date, r.amount, r.payee, r.status])).toEqual([
      [2, '2026-03-02', '-23.45', 'REWE Markt', 'new'],
      [3, '2026-03-03', '-61.00', 'Stadtwerke München', 'new'],
      [4, '2026-03-05', '-3.50', 'Café Central', 'new'],
      [5, '2026-03-05', '-3.50', 'Café Central', 'new'],
      [6, '2026-03-31', '2500.00', 'ACME GmbH', 'new'],
    ]);
    expect(shown.options).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      source: 'detected',
      pocketId: pocket.pocketId,
    });
    expect(shown.table?.header).toEqual(['Date', 'Payee', 'Description', 'Amount']);
    expect(okJson<ImportBatch[]>(await client.get('/api/import/getall'))).toMatchObject([
      { id: shown.batchId, status: 'preview', rows: 5, imported: 0, fileName: 'statement.csv', format: 'csv' },
    ]);

    const result = okJson<ImportCommitResult>(await client.post(`/api/import/commit/${shown.batchId}`, {}));
    expect(result).toEqual({
      batchId: shown.batchId,
      imported: 5,
      skipped: 0,
      duplicates: 0,
      transfers: 0,
      conversions: 0,
      fixpointId: null,
      importedSincePreview: 0,
    });
    const list = okJson<TransactionDto[]>(await client.post('/api/transaction/getfiltered', ALL));
    expect(list.map((t) => [t.time, t.isIncome, t.amount, t.description]).reverse()).toEqual([
      ['2026-03-02T12:00:00.000Z', false, 23.45, 'REWE Markt · Card payment 0302'],
      ['2026-03-03T12:00:00.000Z', false, 61, 'Stadtwerke München · Strom März'],
      ['2026-03-05T12:00:00.000Z', false, 3.5, 'Café Central · Coffee'],
      ['2026-03-05T12:00:00.000Z', false, 3.5, 'Café Central · Coffee'],
      ['2026-03-31T12:00:00.000Z', true, 2500, 'ACME GmbH · Salary March'],
    ]);
    // Rows without a category go to Uncategorized, one per direction, made when first needed.
    const categories = okJson<CategoryDto[]>(await client.get('/api/category/getall'));
    const uncategorized = categories.filter((c) => c.name === 'Uncategorized');
    expect(uncategorized.map((c) => c.isIncome).sort()).toEqual([false, true]);
    expect(new Set(list.map((t) => t.categoryId))).toEqual(new Set(uncategorized.map((c) => c.id)));
    await expectTotalsRight(userId);

    // The same file again: every row is a duplicate, the two coffees included, and nothing is imported.
    const again = okJson<ImportPreview>(await preview(client, STATEMENT, { pocketId: pocket.pocketId }));
    expect(again.counts).toEqual({ new: 0, duplicate: 5, error: 0 });
    expect(again.rows.every((r) => r.duplicateOf?.kind === 'fingerprint')).toBe(true);
    const second = okJson<ImportCommitResult>(await client.post(`/api/import/commit/${again.batchId}`, {}));
    expect(second).toMatchObject({ imported: 0, duplicates: 5 });
    expect(okJson<TransactionDto[]>(await client.post('/api/transaction/getfiltered', ALL))).toHaveLength(5);

    // A third coffee on that day is new: the n-th occurrence is part of the fingerprint.
    const more = okJson<ImportPreview>(
      await preview(client, `${STATEMENT}\n2026-03-05,Café Central,Coffee,-3.50`, { pocketId: pocket.pocketId }),
    );
    expect(more.rows.map((r) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'new',
    ]);
  });

  it('imports a duplicate anyway, skips a new row, and takes categories given per row', async () => {
    const { client } = await newUser(ctx, 'import-overrides@example.com');
    const pocket = await pocketOf(client);
    const food = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Food', type: 'real', isIncome: false }),
    );
    const salary = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Salary', type: 'real', isIncome: true }),
    );
    const first = okJson<ImportPreview>(await preview(client, STATEMENT, { pocketId: pocket.pocketId }));
    // An income category on an expense row, a category of nobody, a line the file lacks: 4xx, nothing written.
    const before = await books();
    expectError(
      await client.post(`/api/import/commit/${first.batchId}`, { rows: [{ line: 2, categoryId: salary.id }] }),
      400,
      'rows.0.categoryId: Salary is not an expense category',
    );
    expectError(
      await client.post(`/api/import/commit/${first.batchId}`, { rows: [{ line: 2, categoryId: 999_999 }] }),
      404,
      'rows.0.categoryId',
    );
    expectError(
      await client.post(`/api/import/commit/${first.batchId}`, { rows: [{ line: 99, skip: true }] }),
      400,
      'rows.0.line: the file has no row at line 99',
    );
    expect(await books()).toEqual(before);
    okJson(
      await client.post(`/api/import/commit/${first.batchId}`, {
        rows: [
          { line: 2, categoryId: food.id },
          { line: 6, categoryId: salary.id },
          { line: 3, skip: true },
        ],
      }),
    );
    const list = okJson<TransactionDto[]>(await client.post('/api/transaction/getfiltered', ALL));
    expect(list).toHaveLength(4);
    expect(list.find((t) => t.amount === 23.45)?.categoryId).toBe(food.id);
    expect(list.find((t) => t.amount === 2500)?.categoryId).toBe(salary.id);

    // The payee history: REWE's last category is suggested next time; the skipped row is new again.
    const next = okJson<ImportPreview>(
      await preview(client, `${STATEMENT}\n2026-04-02,REWE Markt,Card payment 0402,-41.10`, {
        pocketId: pocket.pocketId,
      }),
    );
    const rewe = next.rows.find((r) => r.line === 7);
    expect(rewe).toMatchObject({ status: 'new', categoryId: food.id, categorySource: 'payee' });
    expect(next.rows.find((r) => r.line === 3)?.status).toBe('new');
    const again = next.rows.find((r) => r.line === 4);
    expect(again?.status).toBe('duplicate');
    const result = okJson<ImportCommitResult>(
      await client.post(`/api/import/commit/${next.batchId}`, { rows: [{ line: 4, skip: false }] }),
    );
    expect(result).toMatchObject({ imported: 3, duplicates: 3 });
    expect(okJson<TransactionDto[]>(await client.post('/api/transaction/getfiltered', ALL))).toHaveLength(7);
  });

  it('suggests categories by rule first, within the rule amount range and direction', async () => {
    const { client } = await newUser(ctx, 'import-rules@example.com');
    const pocket = await pocketOf(client);
    const groceries = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Groceries', type: 'real', isIncome: false }),
    );
    const coffee = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Coffee', type: 'real', isIncome: false }),
    );
    const rule = okJson<{ id: number }>(
      await client.post('/api/rule/add', { match: 'contains', pattern: 'rewe', categoryId: groceries.id }),
    );
    okJson(
      await client.post('/api/rule/add', {
        match: 'regex',
        pattern: '^cafe',
        categoryId: coffee.id,
        maxAmount: 5,
        currency: 'EUR',
      }),
    );
    const shown = okJson<ImportPreview>(
      await preview(
        client,
        `${STATEMENT}\n2026-03-06,Café Central,Big order,-35.00\n2026-03-07,REWE Markt,Refund,5.00`,
        {
          pocketId: pocket.pocketId,
        },
      ),
    );
    const byLine = new Map(shown.rows.map((r) => [r.line, r]));
    expect(byLine.get(2)).toMatchObject({ categoryId: groceries.id, categorySource: 'rule', ruleId: rule.id });
    expect(byLine.get(4)).toMatchObject({ categoryId: coffee.id, categorySource: 'rule' });
    expect(byLine.get(7)?.categoryId).toBeNull(); // above the coffee rule's range
    expect(byLine.get(8)?.categoryId).toBeNull(); // a refund is income: the expense rule does not apply
  });

  it('undoes a batch exactly, also after an imported row was edited, and the file imports again', async () => {
    const { client, userId } = await newUser(ctx, 'import-undo@example.com');
    const pocket = await pocketOf(client);
    const own = okJson<TransactionDto>(
      await client.post('/api/transaction/add', {
        isIncome: false,
        amount: 7,
        currency: 'EUR',
        categoryId: okJson<CategoryDto[]>(await client.get('/api/category/getall')).find(
          (c) => c.name === 'Other expense',
        )?.id,
        description: 'typed by hand',
        time: '2026-02-01T10:00:00Z',
      }),
    );
    const shown = okJson<ImportPreview>(await preview(client, STATEMENT, { pocketId: pocket.pocketId }));
    okJson(await client.post(`/api/import/commit/${shown.batchId}`, {}));
    const imported = okJson<TransactionDto[]>(await client.post('/api/transaction/getfiltered', ALL)).filter(
      (t) => t.id !== own.id,
    );
    const salary = imported.find((t) => t.amount === 2500);
    if (salary === undefined) throw new Error('no salary row');
    okJson(
      await client.post('/api/transaction/update', {
        id: salary.id,
        isIncome: true,
        amount: 2600,
        currency: 'EUR',
        categoryId: salary.categoryId,
        description: 'edited',
        time: '2026-04-15T09:00:00Z',
      }),
    );
    const undone = okJson<ImportUndoResult>(await client.post(`/api/import/undo/${shown.batchId}`));
    expect(undone).toEqual({ batchId: shown.batchId, removed: 5, restored: 0 });
    const left = okJson<TransactionDto[]>(await client.post('/api/transaction/getfiltered', ALL));
    expect(left.map((t) => t.id)).toEqual([own.id]);
    await expectTotalsRight(userId);
    expect(okJson<ImportBatch[]>(await client.get('/api/import/getall'))[0]).toMatchObject({
      id: shown.batchId,
      status: 'undone',
      imported: 5,
    });
    expectError(await client.post(`/api/import/undo/${shown.batchId}`), 409, 'already undone');

    const again = okJson<ImportPreview>(await preview(client, STATEMENT, { pocketId: pocket.pocketId }));
    expect(again.counts).toEqual({ new: 5, duplicate: 0, error: 0 });
  });

  it('answers 404 for another user’s batch, 409 for a committed one, 404 for an expired one', async () => {
    const { client } = await newUser(ctx, 'import-owner@example.com');
    const { client: other } = await newUser(ctx, 'import-other@example.com');
    const pocket = await pocketOf(client);
    const shown = okJson<ImportPreview>(await preview(client, STATEMENT, { pocketId: pocket.pocketId }));
    expectError(await other.post(`/api/import/commit/${shown.batchId}`, {}), 404);
    expectError(await other.post(`/api/import/undo/${shown.batchId}`), 404);
    expect(okJson<ImportBatch[]>(await other.get('/api/import/getall'))).toEqual([]);
    expectError(await client.post(`/api/import/undo/${shown.batchId}`), 409, 'never committed');
    expectError(await client.post('/api/import/commit/2147483647', {}), 404);
    expectError(await client.post('/api/import/commit/abc', {}), 400, 'id:');
    // Another user's pocket is no pocket of ours.
    expectError(await preview(other, STATEMENT, { pocketId: pocket.pocketId }), 404, 'options.pocketId');

    expectError(await other.delete(`/api/import/discard/${shown.batchId}`), 404);
    okJson(await client.post(`/api/import/commit/${shown.batchId}`, {}));
    expectError(await client.post(`/api/import/commit/${shown.batchId}`, {}), 409, 'already committed');
    expectError(await client.delete(`/api/import/discard/${shown.batchId}`), 409, 'undo it instead');

    // A preview nobody will commit can be discarded: gone from the list, and no longer committable.
    const dropped = okJson<ImportPreview>(await preview(client, STATEMENT, { pocketId: pocket.pocketId }));
    expect((await client.delete(`/api/import/discard/${dropped.batchId}`)).statusCode).toBe(204);
    expect(okJson<ImportBatch[]>(await client.get('/api/import/getall')).map((b) => b.id)).not.toContain(
      dropped.batchId,
    );
    expectError(await client.post(`/api/import/commit/${dropped.batchId}`, {}), 404);
    expect(
      await ctx.database.db.selectFrom('import_rows').select('line').where('batch_id', '=', dropped.batchId).execute(),
    ).toEqual([]);

    const late = okJson<ImportPreview>(await preview(client, STATEMENT, { pocketId: pocket.pocketId }));
    await ctx.database.db.updateTable('import_batches').set({ expires_at: 1 }).where('id', '=', late.batchId).execute();
    expectError(await client.post(`/api/import/commit/${late.batchId}`, {}), 404);
  });

  it('refuses bad uploads with a clear 4xx and writes nothing', async () => {
    const { client } = await newUser(ctx, 'import-bad@example.com');
    const pocket = await pocketOf(client);
    const before = await snapshotTables(ctx.database);
    const send = async (file: { name: string; content: string | Uint8Array } | undefined, options?: unknown) => {
      const { payload, extra } = await multipart(file, options);
      return client.post('/api/import/preview', payload, extra);
    };
    expectError(await send({ name: 'empty.csv', content: '' }, { pocketId: pocket.pocketId }), 422, 'empty');
    const pdf = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), 0, 1, 2, 3, 255, 254, 0, 0, 7]);
    expectError(
      await send({ name: 'statement.pdf', content: pdf }, { pocketId: pocket.pocketId }),
      415,
      'not a format',
    );
    expectError(await send(undefined, { pocketId: pocket.pocketId }), 400, 'file: is required');
    expectError(await send({ name: 's.csv', content: STATEMENT }, { format: 'xlsx' }), 400, 'options.format');
    expectError(await client.post('/api/import/preview', { file: 'x' }), 415, 'multipart/form-data');
    const { payload, extra } = await multipart({ name: 's.csv', content: STATEMENT }, undefined, '{"pocketId": ');
    expectError(await client.post('/api/import/preview', payload, extra), 400, 'options: is not valid JSON');
    // A body that is not the multipart its header announces (no boundary; cut short): 400, not 500.
    const noBoundary = { ...extra, headers: { ...extra.headers, 'content-type': 'multipart/form-data' } };
    expectError(await client.post('/api/import/preview', payload, noBoundary), 400, 'not a readable multipart upload');
    expectError(
      await client.post('/api/import/preview', payload.subarray(0, payload.length - 20), extra),
      400,
      'not a readable multipart upload',
    );
    expectError(
      await send(
        { name: 's.csv', content: STATEMENT },
        { pocketId: pocket.pocketId, csv: { columns: { date: 'Datum', amount: 'Amount' } } },
      ),
      400,
      'Datum',
    );
    // Bigger than 50 MB: 413.
    const huge = new Uint8Array(50 * 1024 * 1024 + 10).fill(0x41);
    expectError(await send({ name: 'huge.csv', content: huge }, { pocketId: pocket.pocketId }), 413, '50 MB');
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('marks rows it cannot import as errors naming line and field, and never imports them', async () => {
    const { client } = await newUser(ctx, 'import-errors@example.com');
    const pocket = await pocketOf(client);
    const shown = okJson<ImportPreview>(
      await preview(
        client,
        [
          'Date,Payee,Description,Amount',
          '2026-03-02,A,x,-1.00',
          '2026-02-31,B,y,-2.00',
          '2026-03-04,C,z,abc',
          '2026-03-05,D,w,0.00',
          '2026-03-06,E,v,-1.005',
        ].join('\n'),
        { pocketId: pocket.pocketId },
      ),
    );
    expect(shown.rows.map((r) => r.status)).toEqual(['new', 'error', 'error', 'error', 'error']);
    expect(shown.rows[1]?.reason).toMatch(/line 3.*date/);
    expect(shown.rows[2]?.reason).toMatch(/line 4.*amount/);
    expect(shown.rows[3]?.reason).toBe('line 5, amount: 0 moves no money');
    expect(shown.rows[4]?.reason).toMatch(/line 6, amount: "-1.005" must have at most 2 decimals/);
    expectError(
      await client.post(`/api/import/commit/${shown.batchId}`, { rows: [{ line: 3, skip: false }] }),
      400,
      'rows.0.skip: line 3 cannot be imported',
    );
    expect(okJson<ImportCommitResult>(await client.post(`/api/import/commit/${shown.batchId}`, {}))).toMatchObject({
      imported: 1,
      skipped: 4,
    });
  });

  it('keeps the mapping a pocket was imported with and uses it for its next file', async () => {
    const { client } = await newUser(ctx, 'import-profile@example.com');
    const pocket = await pocketOf(client);
    const german = [
      'Buchungstag;Empfänger;Verwendungszweck;Betrag',
      '02.03.2026;REWE;Einkauf;-1.234,56',
      '03.03.2026;ACME;Gehalt;2.500,00',
    ].join('\n');
    const csv = {
      delimiter: ';',
      decimalSeparator: ',',
      thousandsSeparator: '.',
      dateFormat: 'DD.MM.YYYY',
      skipLines: 0,
      columns: { date: 'Buchungstag', amount: 'Betrag', payee: 'Empfänger', description: 'Verwendungszweck' },
    };
    const first = okJson<ImportPreview>(await preview(client, german, { pocketId: pocket.pocketId, csv }));
    expect(first.options.source).toBe('given');
    expect(first.rows.map((r) => r.amount)).toEqual(['-1234.56', '2500.00']);
    okJson(await client.post(`/api/import/commit/${first.batchId}`, {}));
    const next = okJson<ImportPreview>(
      await preview(client, `${german}\n04.03.2026;Bäckerei;Brötchen;-3,20`, { pocketId: pocket.pocketId }),
    );
    expect(next.options.source).toBe('profile');
    expect(next.options.csv).toMatchObject(csv);
    expect(next.rows.map((r) => [r.amount, r.status])).toEqual([
      ['-1234.56', 'duplicate'],
      ['2500.00', 'duplicate'],
      ['-3.20', 'new'],
    ]);
  });

  it('falls back to detection when a remembered profile does not fit the file (14 title lines, a 2-row file) (issue 32)', async () => {
    const { client } = await newUser(ctx, 'import-profile-misfit@example.com');
    const pocket = await pocketOf(client);
    const titled = [
      ...Array.from({ length: 14 }, (_, i) => `Kontoauszug Zeile ${i + 1}`),
      'Buchungstag;Empfänger;Verwendungszweck;Betrag',
      '02.03.2026;REWE;Einkauf;-12,56',
      '03.03.2026;ACME;Gehalt;2.500,00',
    ].join('\n');
    const first = okJson<ImportPreview>(
      await preview(client, titled, { pocketId: pocket.pocketId, csv: { skipLines: 14, delimiter: ';' } }),
    );
    expect(first.rows).toHaveLength(2);
    okJson(await client.post(`/api/import/commit/${first.batchId}`, {}));
    // The next file has no title lines and only two rows: the profile's 14 title lines eat it.
    const short = ['Date,Payee,Amount', '2026-03-05,Bakery,-3.20', '2026-03-06,Cafe,-2.10'].join('\n');
    const next = okJson<ImportPreview>(await preview(client, short, { pocketId: pocket.pocketId }));
    expect(next.options.source).toBe('detected');
    expect(next.rows.map((r) => [r.amount, r.status])).toEqual([
      ['-3.20', 'new'],
      ['-2.10', 'new'],
    ]);
  });

  it('commits a file of several stored chunks with changes to rows far down, and counts every row', async () => {
    const { client, userId } = await newUser(ctx, 'import-chunks@example.com');
    const pocket = await pocketOf(client);
    const food = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Food', type: 'real', isIncome: false }),
    );
    // 2,500 rows (three stored chunks of 1,000); line n is row n-1, 1.00 € per line number.
    const lines = Array.from(
      { length: 2500 },
      (_, i) => `2025-0${1 + (i % 9)}-1${i % 10},Shop ${i},Row ${i},-${i + 1}.00`,
    );
    const file = ['Date,Payee,Description,Amount', ...lines, '2025-13-01,Bad,Date,-1.00'].join('\n');
    const shown = okJson<ImportPreview>(await preview(client, file, { pocketId: pocket.pocketId }));
    expect(shown.counts).toEqual({ new: 2500, duplicate: 0, error: 1 });
    const result = okJson<ImportCommitResult>(
      await client.post(`/api/import/commit/${shown.batchId}`, {
        rows: [
          { line: 2400, categoryId: food.id },
          { line: 1500, skip: true },
        ],
      }),
    );
    expect(result).toMatchObject({ imported: 2499, skipped: 2, duplicates: 0 });
    const all = okJson<TransactionDto[]>(
      await client.post('/api/transaction/getfiltered', {
        interval: { start: '2025-01-01T00:00:00Z', end: '2025-12-31T23:59:59Z' },
      }),
    );
    expect(all).toHaveLength(2499);
    expect(all.find((t) => t.amount === 2399)?.categoryId).toBe(food.id);
    expect(all.some((t) => t.amount === 1499)).toBe(false);
    await expectTotalsRight(userId);
    const again = okJson<ImportPreview>(await preview(client, file, { pocketId: pocket.pocketId }));
    expect(again.counts).toEqual({ new: 1, duplicate: 2499, error: 1 });
  });

  it('says which fixpoints a preview would change', async () => {
    const { client } = await newUser(ctx, 'import-fixpoint-warning@example.com');
    const pocket = await pocketOf(client);
    okJson(
      await client.post('/api/fixpoint/set?time=2026-03-10T00:00:00Z', [{ pocketId: pocket.pocketId, balance: 100 }]),
    );
    const shown = okJson<ImportPreview>(await preview(client, STATEMENT, { pocketId: pocket.pocketId }));
    expect(shown.fixpoints).toEqual({ affected: 1, earliest: '2026-03-10T00:00:00.000Z' });
  });
});
