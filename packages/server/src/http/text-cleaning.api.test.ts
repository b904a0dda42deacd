import type { ImportPreview } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { describeEachDatabase } from '../test/harness.js';
import { expectError, newUser, okJson } from '../test/ledger.js';
import { multipart } from '../test/upload.js';

// Issue 31: every text field, whichever route, import or restore brings it, goes through the one
// cleaning of @kassa/contract (text.ts): control characters, bidi overrides and invisible
// characters removed, lone surrogates made U+FFFD, NFC, white space tidied. SQLite and PostgreSQL
// then store and answer the very same text.

interface Pocket {
  pocketId: number;
  name: string;
  currency: string;
}
interface Category {
  id: number;
  name: string;
  description: string;
}
interface Transaction {
  id: number;
  description: string;
}

const ALL = { interval: { start: '2020-01-01T00:00:00Z', end: '2030-12-31T23:59:59Z' } };

async function expenseCategory(client: TestClient): Promise<Category> {
  const categories = okJson<Category[]>(await client.get('/api/category/getall'));
  const other = categories.find((c) => c.name === 'Other expense');
  if (other === undefined) throw new Error('no Other expense category');
  return other;
}

async function previewFile(client: TestClient, name: string, content: string, pocketId: number) {
  const { payload, extra } = await multipart({ name, content }, { pocketId });
  return okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
}

describeEachDatabase('text cleaning', (ctx) => {
  it('cleans pocket names sent through currency/add: no line break, NUL or right-to-left override', async () => {
    const { client } = await newUser(ctx, 'pockets@example.com');
    okJson(
      await client.post('/api/currency/add', {
        currency: 'USD',
        items: [{ name: 'Cash\nbox' }, { name: 'Wal\u0000let' }, { name: '\u202Etxt.exe' }, { name: 'Cafe\u0301\r\n' }],
      }),
    );
    const names = okJson<Pocket[]>(await client.get('/api/pocket/getall'))
      .filter((p) => p.currency === 'USD')
      .map((p) => p.name)
      .sort();
    expect(names).toEqual(['Café', 'Cash box', 'Wallet', 'txt.exe']);

    // A name that cleaning leaves empty is a missing name, as an empty one is.
    expectError(
      await client.post('/api/currency/add', { currency: 'GBP', items: [{ name: '\u0000\n\u202E' }] }),
      400,
      'items.0.name: is required',
    );
    const pocket = okJson<Pocket>(
      await client.post('/api/pocket/add', { name: 'Sav\u2066ings\u2069\u200B', currency: 'USD' }),
    );
    expect(pocket.name).toBe('Savings');
  });

  it('stores a description with U+0001 and a lone surrogate alike on every database, and names too', async () => {
    const { client } = await newUser(ctx, 'descriptions@example.com');
    const expense = await expenseCategory(client);
    const added = okJson<{ id: number }>(
      await client.post('/api/transaction/add', {
        amount: 3.5,
        currency: 'EUR',
        categoryId: expense.id,
        description: 'Tea\u0001 for \uD800 two\u202E\r\nand cake\uDC00',
        time: '2026-11-20T12:00:00Z',
      }),
    );
    const stored = okJson<Transaction>(await client.get(`/api/transaction/getbyid/${added.id}`));
    expect(stored.description).toBe('Tea for \uFFFD two\nand cake\uFFFD');
    // The surrogate that was alone answers as U+FFFD in JSON, not as an escape either database kept.
    expect(JSON.parse(JSON.stringify(stored.description))).toBe('Tea for \uFFFD two\nand cake\uFFFD');

    const category = okJson<Category>(
      await client.post('/api/category/add', {
        name: 'Gro\u0000ceries\u202E\uD83D',
        description: 'Food\u0007 \u2067and drink\u2069',
        type: 'real',
        isIncome: false,
      }),
    );
    expect([category.name, category.description]).toEqual(['Groceries\uFFFD', 'Food and drink']);
    const updated = okJson<Transaction>(
      await client.post('/api/transaction/update', {
        id: added.id,
        amount: 3.5,
        currency: 'EUR',
        categoryId: category.id,
        description: 'Cafe\u0301\u200B au lait',
        time: '2026-11-20T12:00:00Z',
      }),
    );
    expect(updated.description).toBe('Café au lait');
    // The search line is cleaned alike, so decomposed input finds the stored NFC text.
    const found = okJson<{ id: number }[]>(await client.post('/api/transaction/search', { q: 'cafe\u0301\u0000' }));
    expect(found.map((r) => r.id)).toEqual([added.id]);
  });

  it('cleans the payee, description and id of imported CSV and OFX rows, in the preview and once committed', async () => {
    const { client } = await newUser(ctx, 'imports@example.com');
    const pocketId = okJson<Pocket[]>(await client.get('/api/pocket/getall'))[0]?.pocketId ?? 0;

    const csv = [
      'Date,Amount,Payee,Description,Id',
      '2026-01-05,-12.50,"\u202EEvil\u0001 Payee","Rent\u0001 \u202Emonth\r\nsecond line",ID\u0001-1',
      '2026-01-06,-7.25,"Cafe\u0301\u200B","Latte\uFEFF",ID-2',
    ].join('\r\n');
    const shown = await previewFile(client, 'hostile.csv', csv, pocketId);
    expect(shown.rows.map((r) => [r.payee, r.description, r.externalId])).toEqual([
      ['Evil Payee', 'Rent month second line', 'ID-1'],
      ['Café', 'Latte', 'ID-2'],
    ]);
    okJson(await client.post(`/api/import/commit/${shown.batchId}`, {}));

    const ofx = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR',
      '<BANKACCTFROM><BANKID>1<ACCTID>42\u0001</BANKACCTFROM>',
      '<BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260107<TRNAMT>-3.10<FITID>F\u00011',
      '<NAME>&#x202E;Bakery\u0001 Ltd<MEMO>Bread&#x2066; and\u0007 rolls</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    const fromOfx = await previewFile(client, 'hostile.ofx', ofx, pocketId);
    expect(fromOfx.accounts.map((a) => a.account)).toEqual(['42']);
    expect(fromOfx.rows.map((r) => [r.payee, r.description, r.externalId])).toEqual([
      ['Bakery Ltd', 'Bread and rolls', 'F1'],
    ]);
    okJson(await client.post(`/api/import/commit/${fromOfx.batchId}`, {}));

    const descriptions = okJson<Transaction[]>(await client.post('/api/transaction/getfiltered', ALL))
      .map((t) => t.description)
      .sort();
    expect(descriptions).toEqual([
      'Bakery Ltd · Bread and rolls',
      'Café · Latte',
      'Evil Payee · Rent month second line',
    ]);
  });

  it('cleans the names and descriptions of a restored backup', async () => {
    const source = await newUser(ctx, 'backup-source@example.com');
    const expense = await expenseCategory(source.client);
    okJson(
      await source.client.post('/api/transaction/add', {
        amount: 1,
        currency: 'EUR',
        categoryId: expense.id,
        description: 'plain',
        time: '2026-11-20T12:00:00Z',
      }),
    );
    const doc = okJson<{
      pockets: { name: string }[];
      categories: { key: number; name: string; description: string; isBuiltIn: boolean }[];
      transactions: { description: string }[];
    }>(await source.client.get('/api/backup/get'));
    const [pocket] = doc.pockets;
    const [transaction] = doc.transactions;
    if (pocket === undefined || transaction === undefined) throw new Error('an empty backup');
    pocket.name = 'Main\u0000\u202E pocket\n';
    transaction.description = 'Tea\u0001\uD800';
    const keys = doc.categories.map((c) => c.key);
    const [first] = doc.categories;
    if (first === undefined) throw new Error('no categories');
    doc.categories.push({ ...first, key: Math.max(...keys) + 1, name: 'Fo\u200Bod\u0007', isBuiltIn: false });

    const target = await newUser(ctx, 'backup-target@example.com');
    okJson(await target.client.post('/api/backup/restore', doc));
    const restored = okJson<typeof doc>(await target.client.get('/api/backup/get'));
    expect(restored.pockets.map((p) => p.name)).toContain('Main pocket');
    expect(restored.transactions.map((t) => t.description)).toEqual(['Tea\uFFFD']);
    expect(restored.categories.map((c) => c.name)).toContain('Food');
  });
});
