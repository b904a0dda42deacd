import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  BackupDocument,
  FixpointDetail,
  ImportCommitResult,
  ImportPreview,
  Pocket as PocketDto,
  PocketStateGroup,
} from '@kassa/contract';
import { afterAll, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { multipart } from '../../test/upload.js';
import { DailyTotalsRepository } from '../ledger/daily-totals.js';

// DESIGN §4 "a fixpoint states what it names" (issue 32): a pocket, or a whole currency, that a
// fixpoint does not state passes through it at its calculated balance: no error, no reset to 0.

const json = { headers: { 'content-type': 'application/json' } };
const fixture = (file: string) => readFileSync(new URL(`../import/formats/fixtures/${file}`, import.meta.url));

async function importFile(client: TestClient, file: string, pocketId: number, fixpoint: boolean) {
  const { payload, extra } = await multipart(
    { name: file.slice(file.lastIndexOf('/') + 1), content: fixture(file) },
    {
      pocketId,
    },
  );
  const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
  return okJson<ImportCommitResult>(await client.post(`/api/import/commit/${shown.batchId}`, { fixpoint }));
}

/** Imports a CSV written here into a pocket: the statement's closing balance anchors it when `fixpoint`. */
async function importCsv(client: TestClient, name: string, lines: string[], pocketId: number, fixpoint: boolean) {
  const { payload, extra } = await multipart({ name, content: lines.join('\n') }, { pocketId });
  const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
  const result = okJson<ImportCommitResult>(await client.post(`/api/import/commit/${shown.batchId}`, { fixpoint }));
  return { shown, result };
}

const pockets = async (client: TestClient) => okJson<PocketDto[]>(await client.get('/api/pocket/getall'));
const pocketOf = async (client: TestClient, currency: string, name?: string) => {
  const found = (await pockets(client)).find((p) => p.currency === currency && (name === undefined || p.name === name));
  if (found === undefined) throw new Error(`no ${currency} pocket ${name ?? ''}`);
  return found;
};
const errors = async (client: TestClient, id: number) =>
  okJson<FixpointDetail>(await client.get(`/api/fixpoint/getbyid/${id}`)).errors;
const holdings = async (client: TestClient, day: string) =>
  okJson<{ currency: string; amount: number }[]>(await client.post('/api/analytics/holdings', `"${day}"`, json))
    .map((h) => [h.currency, h.amount])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const setFixpoint = async (client: TestClient, time: string, states: { pocketId: number; balance: number }[]) =>
  okJson<FixpointDetail>(await client.post(`/api/fixpoint/set?time=${time}`, states));
const otherIncome = async (client: TestClient) => {
  const cats = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
  const id = cats.find((c) => c.name === 'Other income')?.id;
  if (id === undefined) throw new Error('no Other income category');
  return id;
};

// The real hledger (.ci/run installs it) reads the export: its assertions hold and its balances are Kassa's.
const dir = mkdtempSync(path.join(tmpdir(), 'kassa-rule-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
async function hledgerBalances(client: TestClient, name: string): Promise<string[]> {
  const res = await client.get('/api/export/hledger');
  expect(res.statusCode).toBe(200);
  const file = path.join(dir, `${name}.journal`);
  writeFileSync(file, res.body);
  const check = spawnSync('hledger', ['-f', file, 'check'], { encoding: 'utf8' });
  if (check.error !== undefined) throw new Error(`hledger could not run: ${check.error.message}`);
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
  const bal = spawnSync('hledger', ['-f', file, 'bal', 'assets', '--flat', '--no-total'], { encoding: 'utf8' });
  return bal.stdout
    .trim()
    .split('\n')
    .map((l) => l.trim().replace(/\s+/g, ' '));
}

describeEachDatabase('fixpoints state what they name (DESIGN §4)', (ctx) => {
  it('a currency added after a fixpoint carries through it at its calculated balance', async () => {
    const { client } = await newUser(ctx, 'rule-new-currency@example.com');
    const eur = await pocketOf(client, 'EUR');
    const signUp = await setFixpoint(client, '2026-03-10T00:00:00Z', [{ pocketId: eur.pocketId, balance: 1000 }]);
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const categoryId = await otherIncome(client);
    const add = async (amount: number, time: string) =>
      okJson(await client.post('/api/transaction/add', { amount, currency: 'USD', categoryId, time }));
    await add(100, '2026-03-01T10:00:00Z'); // before the fixpoint, which states no USD pocket
    await add(50, '2026-03-15T10:00:00Z');

    expect(await holdings(client, '2026-03-20')).toEqual([
      ['EUR', 1000],
      ['USD', 150],
    ]);
    // USD is not in the fixpoint's errors: it did not exist when the fixpoint was set.
    // Its EUR line is where the books start (the start balance): named an opening.
    expect(await errors(client, signUp.id)).toEqual([
      { currency: 'EUR', stated: 1000, calculated: 0, error: 1000, opening: true },
    ]);
    // A later fixpoint (every pocket, as the spec's form sends) counts USD from its start.
    const usd = await pocketOf(client, 'USD');
    const calc = okJson<FixpointDetail['errors']>(
      await client.post('/api/fixpoint/calcerror?time=2026-03-20T00:00:00Z', [
        { pocketId: eur.pocketId, balance: 1000 },
        { pocketId: usd.pocketId, balance: 150 },
      ]),
    );
    expect(calc).toEqual([
      { currency: 'EUR', stated: 1000, calculated: 1000, error: 0 },
      { currency: 'USD', stated: 150, calculated: 150, error: 0 },
    ]);
  });

  it('history imported before the first fixpoint: the statement’s closing balance anchors its pocket only', async () => {
    const { client } = await newUser(ctx, 'rule-history@example.com');
    const eur = await pocketOf(client, 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const usd = await pocketOf(client, 'USD');
    // The start balance the user typed on 10 March is the bank's balance.
    const signUp = await setFixpoint(client, '2026-03-10T00:00:00Z', [
      { pocketId: eur.pocketId, balance: -495.9 },
      { pocketId: usd.pocketId, balance: 0 },
    ]);
    expect((await errors(client, signUp.id))[0]).toEqual({
      currency: 'EUR',
      stated: -495.9,
      calculated: 0,
      error: -495.9,
      opening: true,
    });
    // USD income on 1 February, before every fixpoint.
    const categoryId = await otherIncome(client);
    okJson(
      await client.post('/api/transaction/add', {
        amount: 70,
        currency: 'USD',
        categoryId,
        time: '2026-02-01T10:00:00Z',
      }),
    );
    // The February statement ends with CLBD -495.90 on 28 February.
    const result = await importFile(client, 'camt/camt053-v02.xml', eur.pocketId, true);
    expect(result.fixpointId).not.toBeNull();
    // The sign-up fixpoint now agrees with the bank: its EUR error is 0.
    expect(await errors(client, signUp.id)).toEqual([
      { currency: 'EUR', stated: -495.9, calculated: -495.9, error: 0 },
      { currency: 'USD', stated: 0, calculated: 70, error: -70 },
    ]);
    // The statement's fixpoint states EUR only: USD's February income is not cut off by it.
    const anchor = result.fixpointId ?? 0;
    expect((await errors(client, anchor)).map((e) => e.currency)).toEqual(['EUR']);
    expect(await holdings(client, '2026-03-05')).toEqual([
      ['EUR', -495.9],
      ['USD', 70],
    ]);
    // The journal's balance assertions hold in hledger, and its balances are Kassa's (with the
    // sign-up fixpoint's USD error of -70 bringing USD to 0 on 10 March).
    expect(await hledgerBalances(client, `history-${ctx.dialect}`)).toEqual(['-495.90 EUR assets:EUR']); // USD 0: hidden
  });

  it('the preview says what the statement’s closing balance does to the sign-up fixpoint; openings are named', async () => {
    const { client } = await newUser(ctx, 'rule-anchor-check@example.com');
    const eur = await pocketOf(client, 'EUR');
    // Typed at sign-up on 10 March: 12.40 more than the bank's closing balance of -495.90.
    const signUp = await setFixpoint(client, '2026-03-10T00:00:00Z', [{ pocketId: eur.pocketId, balance: -483.5 }]);
    expect(await errors(client, signUp.id)).toEqual([
      { currency: 'EUR', stated: -483.5, calculated: 0, error: -483.5, opening: true },
    ]);
    const { payload, extra } = await multipart(
      { name: 'camt.xml', content: fixture('camt/camt053-v02.xml') },
      { pocketId: eur.pocketId },
    );
    const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    expect(shown.accounts[0]).toMatchObject({
      openingBalance: '150.00',
      closingBalance: '-495.90',
      anchorCheck: {
        fixpointId: signUp.id,
        time: '2026-03-10T00:00:00.000Z',
        stated: '-483.50',
        calculated: '-495.90',
        difference: '12.40',
      },
    });
    const result = okJson<ImportCommitResult>(
      await client.post(`/api/import/commit/${shown.batchId}`, { fixpoint: true }),
    );
    // The sign-up fixpoint now differs from the bank by exactly what the preview said.
    expect(await errors(client, signUp.id)).toEqual([
      { currency: 'EUR', stated: -483.5, calculated: -495.9, error: 12.4 },
    ]);
    // The statement's closing agrees with its opening plus its rows; its opening is where the books start.
    expect(await errors(client, result.fixpointId ?? 0)).toEqual([
      { currency: 'EUR', stated: -495.9, calculated: -495.9, error: 0 },
    ]);
    const all = okJson<{ id: number }[]>(
      await client.post('/api/fixpoint/getbetween', { start: '2020-01-01T00:00:00Z', end: '2030-01-01T00:00:00Z' }),
    );
    const opening = all.find((f) => f.id !== signUp.id && f.id !== result.fixpointId);
    expect(await errors(client, opening?.id ?? 0)).toEqual([
      { currency: 'EUR', stated: 150, calculated: 0, error: 150, opening: true },
    ]);
  });

  it('one pocket of a currency with two: the other passes through at its own balance', async () => {
    const { client } = await newUser(ctx, 'rule-two-pockets@example.com');
    const main = await pocketOf(client, 'EUR');
    const cash = okJson<PocketDto>(
      await client.post('/api/pocket/add', { name: 'Cash', currency: 'EUR', isCash: true }),
    );
    await setFixpoint(client, '2026-02-01T00:00:00Z', [
      { pocketId: main.pocketId, balance: 1000 },
      { pocketId: cash.pocketId, balance: 50 },
    ]);
    // The statement (closing 1234.56 on 28 February) anchors the main pocket only.
    const result = await importFile(client, 'ofx/bank-sgml-102.ofx', main.pocketId, true);
    const anchor = result.fixpointId ?? 0;
    // The statement anchors both ends of the main pocket: its opening (1234.56 less the rows
    // -12.50 + 2450.00 - 89.99 = -1112.95, before the first row on 2 February) differs from the
    // 1000 of 1 February by -2112.95; its closing then agrees.
    expect(await errors(client, anchor)).toEqual([{ currency: 'EUR', stated: 1234.56, calculated: 1234.56, error: 0 }]);
    const all = okJson<{ id: number; time: string }[]>(
      await client.post('/api/fixpoint/getbetween', { start: '2026-02-01T12:00:00Z', end: '2026-02-27T00:00:00Z' }),
    );
    expect(all.map((f) => f.time)).toEqual(['2026-02-01T23:59:59.999Z']);
    expect(await errors(client, all[0]?.id ?? 0)).toEqual([
      { currency: 'EUR', stated: -1112.95, calculated: 1000, error: -2112.95 },
    ]);
    const calc = okJson<FixpointDetail['errors']>(
      await client.post('/api/fixpoint/calcerror?time=2026-03-01T00:00:00Z', [
        { pocketId: main.pocketId, balance: 1234.56 },
        { pocketId: cash.pocketId, balance: 50 },
      ]),
    );
    expect(calc).toEqual([{ currency: 'EUR', stated: 1284.56, calculated: 1284.56, error: 0 }]);
    // hledger agrees: the statement's fixpoint leaves the cash pocket's 50 in assets:EUR.
    expect(await hledgerBalances(client, `two-pockets-${ctx.dialect}`)).toEqual(['1284.56 EUR assets:EUR']);
  });

  it('an import stating a pocket at an existing fixpoint adds the state, and undo takes it away', async () => {
    const { client } = await newUser(ctx, 'rule-add-state@example.com');
    const main = await pocketOf(client, 'EUR');
    const existing = await setFixpoint(client, '2026-02-28T23:59:59.999Z', [{ pocketId: main.pocketId, balance: 10 }]);
    // A second bank pocket added after that fixpoint.
    const bank = okJson<PocketDto>(
      await client.post('/api/pocket/add', { name: 'Bank 2', currency: 'EUR', isCash: false }),
    );
    const { payload, extra } = await multipart(
      { name: 'bank.ofx', content: fixture('ofx/bank-sgml-102.ofx') },
      { pocketId: bank.pocketId },
    );
    const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    const result = okJson<ImportCommitResult>(
      await client.post(`/api/import/commit/${shown.batchId}`, { fixpoint: true }),
    );
    expect(result.fixpointId).toBe(existing.id);
    const states = async () =>
      okJson<PocketStateGroup[]>(await client.get(`/api/fixpoint/getstates/${existing.id}`)).flatMap((g) =>
        g.items.map((s) => [s.pocketId, s.balance]),
      );
    expect(await states()).toEqual([
      [main.pocketId, 10],
      [bank.pocketId, 1234.56],
    ]);
    // Main: stated 10, calculated 0 (its own rows: none); bank 2: stated 1234.56, and calculated
    // from its opening (-1112.95, anchored before its first row) plus its rows: 1234.56.
    expect(await errors(client, existing.id)).toEqual([
      { currency: 'EUR', stated: 1244.56, calculated: 1234.56, error: 10 },
    ]);
    okJson(await client.post(`/api/import/undo/${shown.batchId}`));
    expect(await states()).toEqual([[main.pocketId, 10]]);
  });

  it('a transfer between two pockets of one currency moves both pockets: each bank’s statement agrees with its pocket', async () => {
    const { client, userId } = await newUser(ctx, 'rule-transfer@example.com');
    const checking = await pocketOf(client, 'EUR');
    const savings = okJson<PocketDto>(
      await client.post('/api/pocket/add', { name: 'Savings', currency: 'EUR', isCash: false }),
    );
    // The checking account's statement: 2000.00 before 1 March, 500.00 to savings, 20.00 spent.
    const first = await importCsv(
      client,
      'checking.csv',
      [
        'Date,Payee,Description,Amount,Balance',
        '2026-03-01,Savings,Transfer to savings,-500.00,1500.00',
        '2026-03-05,Shop,Things,-20.00,1480.00',
      ],
      checking.pocketId,
      true,
    );
    // The savings account's statement: 300.00 before, the 500.00 arriving a day later.
    const second = await importCsv(
      client,
      'savings.csv',
      ['Date,Payee,Description,Amount,Balance', '2026-03-02,Checking,Transfer from checking,500.00,800.00'],
      savings.pocketId,
      true,
    );
    expect(second.shown.rows[0]?.match?.kind).toBe('transfer');
    expect(second.result).toMatchObject({ imported: 0, transfers: 1, conversions: 0 });
    // Each closing balance agrees with its own pocket: checking 2000 - 500 - 20, savings 300 + 500.
    expect(await errors(client, first.result.fixpointId ?? 0)).toEqual([
      { currency: 'EUR', stated: 1480, calculated: 1480, error: 0 },
    ]);
    expect(await errors(client, second.result.fixpointId ?? 0)).toEqual([
      { currency: 'EUR', stated: 800, calculated: 800, error: 0 },
    ]);
    expect(await holdings(client, '2026-03-10')).toEqual([['EUR', 2280]]);
    // It is one conversion in one currency: no flow of any currency, no cost, no exchange.
    const interval = { start: '2026-03-01T00:00:00Z', end: '2026-03-31T23:59:59Z' };
    const conversions = okJson<
      {
        id: number;
        fromAmount: number;
        fromCurrency: string;
        toAmount: number;
        toCurrency: string;
        description: string;
        time: string;
      }[]
    >(await client.post('/api/conversion/getbetween', interval));
    expect(conversions.map((c) => [c.fromAmount, c.fromCurrency, c.toAmount, c.toCurrency])).toEqual([
      [500, 'EUR', 500, 'EUR'],
    ]);
    expect(
      okJson<{ count: number; total: number }>(await client.post('/api/analytics/conversion-costs', interval)),
    ).toMatchObject({
      count: 0,
      total: 0,
    });
    const totals = new DailyTotalsRepository(ctx.database.db);
    expect(await totals.all(userId)).toEqual(await totals.recompute(userId));
    // hledger reads it as a transfer within assets:EUR, and every balance assertion holds.
    expect(await hledgerBalances(client, `transfer-${ctx.dialect}`)).toEqual(['2280.00 EUR assets:EUR']);

    // The transfer may be edited as one (its text, its amount on both legs), never made uneven;
    // a new conversion in one currency is still refused (the spec's conversion/add).
    const transfer = conversions[0];
    if (transfer === undefined) throw new Error('no transfer');
    const edit = (toAmount: number) =>
      client.post('/api/conversion/update', {
        id: transfer.id,
        fromAmount: 500,
        fromCurrency: 'EUR',
        toAmount,
        toCurrency: 'EUR',
        description: 'Monthly savings',
        time: transfer.time,
      });
    const uneven = await edit(499);
    expect(uneven.statusCode).toBe(400);
    expect(uneven.json<{ message: string }>().message).toContain('toAmount: a transfer between two pockets');
    expect(okJson<{ description: string }>(await edit(500)).description).toBe('Monthly savings');
    expect(await errors(client, second.result.fixpointId ?? 0)).toEqual([
      { currency: 'EUR', stated: 800, calculated: 800, error: 0 },
    ]);
    const added = await client.post('/api/conversion/add', {
      fromAmount: 10,
      fromCurrency: 'EUR',
      toAmount: 10,
      toCurrency: 'EUR',
      description: '',
      time: '2026-03-06T10:00:00Z',
    });
    expect(added.statusCode).toBe(400);

    // Backup and restore keep both pockets of the transfer.
    const doc = okJson<BackupDocument>(await client.get('/api/backup/get'));
    const keyOf = (name: string) => doc.pockets.find((p) => p.name === name)?.key;
    expect(doc.conversions.map((c) => [c.fromPocketKey, c.toPocketKey])).toEqual([
      [keyOf(checking.name), keyOf('Savings')],
    ]);
    okJson(await client.post('/api/backup/restore?replace=true', doc));
    const restored = await pocketOf(client, 'EUR', 'Savings');
    expect(restored.pocketId).toBeGreaterThan(0);
    expect(await holdings(client, '2026-03-10')).toEqual([['EUR', 2280]]);
    const anchors = okJson<{ id: number; time: string }[]>(
      await client.post('/api/fixpoint/getbetween', { start: '2026-03-02T12:00:00Z', end: '2026-03-03T00:00:00Z' }),
    );
    expect(anchors).toHaveLength(1);
    expect(await errors(client, anchors[0]?.id ?? 0)).toEqual([
      { currency: 'EUR', stated: 800, calculated: 800, error: 0 },
    ]);

    // Undoing the savings import takes the transfer away and gives checking its row back.
    const batches = okJson<{ id: number; fileName: string; status: string }[]>(await client.get('/api/import/getall'));
    const savingsBatch = batches.find((b) => b.fileName === 'savings.csv' && b.status === 'committed');
    expect(okJson(await client.post(`/api/import/undo/${savingsBatch?.id ?? 0}`))).toMatchObject({
      removed: 1,
      restored: 1,
    });
    expect(okJson<unknown[]>(await client.post('/api/conversion/getbetween', interval))).toEqual([]);
    expect(await holdings(client, '2026-03-10')).toEqual([['EUR', 1480]]);
  });

  it('a statement in a currency its pocket does not hold anchors nothing, nor says it agrees or differs', async () => {
    const { client } = await newUser(ctx, 'rule-wrong-currency@example.com');
    const eur = await pocketOf(client, 'EUR');
    const signUp = await setFixpoint(client, '2026-03-10T00:00:00Z', [{ pocketId: eur.pocketId, balance: 2450.3 }]);
    const usdFile = readFileSync(
      new URL('../import/formats/fixtures/ofx/bank-sgml-102.ofx', import.meta.url),
      'latin1',
    ).replace('<CURDEF>EUR', '<CURDEF>USD');
    const { payload, extra } = await multipart(
      { name: 'us.ofx', content: Buffer.from(usdFile, 'latin1') },
      {
        pocketId: eur.pocketId,
      },
    );
    const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    expect(shown.counts).toEqual({ new: 0, duplicate: 0, error: 3 });
    // Before: the USD closing balance 1234.56 was checked against the EUR fixpoint, and committed
    // as the EUR pocket's state.
    expect(shown.accounts[0]).not.toHaveProperty('closingBalance');
    expect(shown.accounts[0]).not.toHaveProperty('anchorCheck');
    const result = okJson<ImportCommitResult>(
      await client.post(`/api/import/commit/${shown.batchId}`, { fixpoint: true }),
    );
    expect(result.fixpointId).toBeNull();
    expect(await errors(client, signUp.id)).toEqual([
      { currency: 'EUR', stated: 2450.3, calculated: 0, error: 2450.3, opening: true },
    ]);
  });

  it('rows keep their pocket through backup and restore; a row moved to another currency leaves it', async () => {
    const { client } = await newUser(ctx, 'rule-backup@example.com');
    const main = await pocketOf(client, 'EUR');
    const bank = okJson<PocketDto>(
      await client.post('/api/pocket/add', { name: 'Bank 2', currency: 'EUR', isCash: false }),
    );
    await importFile(client, 'ofx/bank-sgml-102.ofx', bank.pocketId, false);
    const doc = okJson<BackupDocument>(await client.get('/api/backup/get'));
    const bankKey = doc.pockets.find((p) => p.name === 'Bank 2')?.key;
    expect(doc.transactions.map((t) => t.pocketKey)).toEqual([bankKey, bankKey, bankKey]);
    expect(main.pocketId).not.toBe(bank.pocketId);

    okJson(await client.post('/api/backup/restore?replace=true', doc));
    const again = okJson<BackupDocument>(await client.get('/api/backup/get'));
    expect(again.transactions).toEqual(doc.transactions);

    // A pocket of another currency is refused by name.
    const wrong = structuredClone(doc);
    const mainKey = doc.pockets.find((p) => p.currency === 'EUR' && p.name !== 'Bank 2')?.key ?? 0;
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const withUsd = okJson<BackupDocument>(await client.get('/api/backup/get'));
    const usdKey = withUsd.pockets.find((p) => p.currency === 'USD')?.key ?? 0;
    const first = withUsd.transactions[0];
    if (first === undefined) throw new Error('no rows');
    first.pocketKey = usdKey;
    const refused = await client.post('/api/backup/restore?replace=true', withUsd);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('transactions.0.pocketKey');
    expect(wrong.pockets.some((p) => p.key === mainKey)).toBe(true);

    // Editing a row's currency moves it to that currency's default pocket.
    const list = okJson<
      { id: number; amount: number; currency: string; categoryId: number; time: string; isIncome: boolean }[]
    >(
      await client.post('/api/transaction/getfiltered', {
        interval: { start: '2020-01-01T00:00:00Z', end: '2030-01-01T00:00:00Z' },
      }),
    );
    const row = list[0];
    if (row === undefined) throw new Error('no rows');
    okJson(
      await client.post('/api/transaction/update', {
        id: row.id,
        amount: row.amount,
        currency: 'USD',
        categoryId: row.categoryId,
        time: row.time,
        isIncome: row.isIncome,
        description: 'moved',
      }),
    );
    const after = okJson<BackupDocument>(await client.get('/api/backup/get'));
    const moved = after.transactions.find((t) => t.description === 'moved');
    expect(moved?.currency).toBe('USD');
    expect(moved?.pocketKey).toBeUndefined();
    expect(after.transactions.filter((t) => t.pocketKey !== undefined)).toHaveLength(2);
  });
});
