import type { BackupDocument } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase, type ApiContext } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { DailyTotalsRepository } from '../ledger/daily-totals.js';

interface Pocket {
  pocketId: number;
  name: string;
  currency: string;
}

/**
 * A rich ledger: EUR main + USD + JPY, cash and bank pockets, real, loan and business categories
 * (invest, pnl, realize), external money, a conversion and two fixpoints with every pocket stated.
 */
async function buildBooks(client: TestClient): Promise<void> {
  okJson(await client.post('/api/pocket/add', { name: 'Wallet', currency: 'EUR', isCash: true }));
  okJson(await client.post('/api/currency/add', { currency: 'USD', items: [{ name: 'US bank' }] }));
  okJson(await client.post('/api/currency/add', { currency: 'JPY', items: [{ name: 'Yen cash', isCash: true }] }));
  const cats = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
  const builtIn = (name: string) => cats.find((c) => c.name === name)?.id ?? 0;
  const add = async (body: object) => okJson<{ id: number }>(await client.post('/api/category/add', body)).id;
  const salary = await add({ name: 'Salary', type: 'real', isIncome: true });
  const food = await add({ name: 'Food', type: 'real', isIncome: false, monthlyLimit: 250.5, description: 'Eating' });
  const anna = await add({ name: 'Anna', type: 'loan' });
  const shop = await add({ name: 'Shop', type: 'business', description: 'Side business' });
  // Category rules for import travel with the books, in the order they are tried.
  okJson(await client.post('/api/rule/add', { match: 'contains', pattern: 'Café Müller', categoryId: food }));
  okJson(
    await client.post('/api/rule/add', {
      match: 'regex',
      pattern: '^payroll\\b',
      categoryId: salary,
      currency: 'EUR',
      minAmount: 1000,
      maxAmount: 5000.5,
    }),
  );
  // A renamed system category travels with its new name.
  const other = okJson<{ id: number }>(
    await client.post('/api/category/update', {
      id: builtIn('Other expense'),
      name: 'Misc spending',
      description: 'Anything else',
      isActive: true,
      monthlyLimit: null,
    }),
  ).id;
  const t = async (body: object) => okJson(await client.post('/api/transaction/add', { currency: 'EUR', ...body }));
  await t({ amount: 3000, categoryId: salary, time: '2026-01-31T09:00:00Z', description: 'January pay' });
  await t({ amount: 12.34, categoryId: food, time: '2026-02-02T12:00:00Z', description: 'Lunch\nwith "friends"' });
  await t({ amount: 1500, currency: 'JPY', categoryId: food, time: '2026-02-10T03:00:00Z' });
  await t({ amount: 7.5, categoryId: other, time: '2026-02-10T03:00:00Z' });
  await t({ amount: 200, currency: 'USD', categoryId: anna, isIncome: false, time: '2026-02-15T10:00:00Z' });
  await t({ amount: 50, currency: 'USD', categoryId: anna, isIncome: true, time: '2026-03-15T10:00:00Z' });
  await t({ amount: 1000, categoryId: shop, isIncome: false, type: 'invest', time: '2026-03-01T10:00:00Z' });
  await t({ amount: 120.5, categoryId: shop, isIncome: true, type: 'pnl', time: '2026-04-01T10:00:00Z' });
  await t({ amount: 300, categoryId: shop, isIncome: true, type: 'realize', time: '2026-05-01T10:00:00Z' });
  await t({
    amount: 10,
    currency: 'USD',
    categoryId: builtIn('Untracked accounts'),
    isIncome: true,
    time: '2026-03-20T10:00:00Z',
  });
  await t({ amount: 3100, categoryId: salary, time: '2026-04-30T09:00:00Z' });
  okJson(
    await client.post('/api/conversion/add', {
      fromAmount: 500,
      fromCurrency: 'EUR',
      toAmount: 540.25,
      toCurrency: 'USD',
      description: 'Trip money',
      time: '2026-03-10T10:00:00Z',
    }),
  );
  const pockets = okJson<Pocket[]>(await client.get('/api/pocket/getall'));
  const stated = (values: Record<string, number>) =>
    pockets.map((p) => ({ pocketId: p.pocketId, balance: values[p.name] ?? 0 }));
  okJson(
    await client.post(
      '/api/fixpoint/set?time=2026-01-01T00:00:00Z',
      stated({ 'Default pocket EUR': 1000, Wallet: 55.5, 'US bank': 20, 'Yen cash': 3000 }),
    ),
  );
  okJson(
    await client.post(
      '/api/fixpoint/set?time=2026-04-15T18:00:00Z',
      stated({ 'Default pocket EUR': 2300.25, Wallet: -10, 'US bank': 400.01, 'Yen cash': 1200 }),
    ),
  );
  // A closed loan: restored closed.
  okJson(await client.post('/api/category/add', { name: 'Old loan', type: 'loan', isActive: false }));
}

const dateBody = (date: string) => [JSON.stringify(date), { headers: { 'content-type': 'application/json' } }] as const;
const interval = { start: '2025-12-01T00:00:00Z', end: '2026-07-31T23:59:59Z' };

/** Every analytics figure of the user over the data's interval, with category ids left out. */
async function figures(client: TestClient): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const date of ['2025-12-31', '2026-01-01', '2026-02-10', '2026-03-31', '2026-04-15', '2026-06-30']) {
    out[`balances ${date}`] = okJson(await client.post('/api/analytics/balances', ...dateBody(date)));
    out[`holdings ${date}`] = okJson(await client.post('/api/analytics/holdings', ...dateBody(date)));
  }
  out['cashflow'] = okJson(await client.post('/api/analytics/cashflow', interval));
  out['cashflow spring'] = okJson(
    await client.post('/api/analytics/cashflow', { start: '2026-02-01T00:00:00Z', end: '2026-04-30T23:59:59Z' }),
  );
  for (const direction of [true, false]) {
    out[`oneperiod ${direction}`] = okJson(await client.post('/api/analytics/oneperiod', { interval, direction }));
    out[`multiperiod ${direction}`] = okJson(await client.post('/api/analytics/multiperiod', { interval, direction }));
  }
  out['balance-history'] = okJson(await client.post('/api/analytics/balance-history', interval));
  return JSON.parse(JSON.stringify(out, (key, value: unknown) => (key === 'categoryId' ? undefined : value)));
}

/** The derived tables of a user without the user id, for comparing two users' books. */
async function derived(ctx: ApiContext, userId: number): Promise<unknown> {
  const db = ctx.database.db;
  // Rows the incremental writes left at zero say nothing; a rebuild does not make them.
  const strip = <T extends { cash: number; loan: number; pending: number }>(rows: T[]) =>
    rows.filter((r) => r.cash !== 0 || r.loan !== 0 || r.pending !== 0);
  return {
    monthly: strip(
      await db
        .selectFrom('monthly_native')
        .select(['month', 'currency', 'cash', 'loan', 'pending'])
        .where('user_id', '=', userId)
        .orderBy('month')
        .orderBy('currency')
        .execute(),
    ),
    daily: strip(
      await db
        .selectFrom('daily_native')
        .select(['day', 'currency', 'cash', 'loan', 'pending'])
        .where('user_id', '=', userId)
        .orderBy('day')
        .orderBy('currency')
        .execute(),
    ),
  };
}

async function expectTotalsRecomputed(ctx: ApiContext, userId: number): Promise<void> {
  const totals = new DailyTotalsRepository(ctx.database.db);
  const stored = await totals.all(userId);
  expect(stored.length).toBeGreaterThan(0);
  expect(stored).toEqual(await totals.recompute(userId));
}

const backupOf = async (client: TestClient) => okJson<BackupDocument>(await client.get('/api/backup/get'));
const restore = (client: TestClient, doc: unknown, replace = false) =>
  client.post(`/api/backup/restore${replace ? '?replace=true' : ''}`, doc);
/** The same books, whoever holds them: the people are named by key (a restore elsewhere has another owner). */
const sameBooks = (a: BackupDocument, b: BackupDocument) =>
  expect({ ...a, exportedAt: '', members: a.members.map((m) => m.key) }).toEqual({
    ...b,
    exportedAt: '',
    members: b.members.map((m) => m.key),
  });

describeEachDatabase('backup and restore', (ctx) => {
  let source: { client: TestClient; userId: number };
  let doc: BackupDocument;

  it('backs up the books as one versioned document, as an attachment', async () => {
    source = await newUser(ctx, 'source@example.com');
    await buildBooks(source.client);
    const res = await source.client.get('/api/backup/get');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kassa-backup-\d{4}-\d{2}-\d{2}\.json"$/);
    doc = res.json<BackupDocument>();
    expect(doc).toMatchObject({ format: 'kassa-backup', version: 5, mainCurrency: 'EUR', imports: [], schedules: [] });
    expect(doc.rules).toEqual([
      {
        match: 'contains',
        pattern: 'Café Müller',
        categoryKey: doc.categories.find((c) => c.name === 'Food')?.key,
        currency: null,
        minAmount: null,
        maxAmount: null,
        position: 0,
      },
      {
        match: 'regex',
        pattern: '^payroll\\b',
        categoryKey: doc.categories.find((c) => c.name === 'Salary')?.key,
        currency: 'EUR',
        minAmount: '1000',
        maxAmount: '5000.5',
        position: 1,
      },
    ]);
    expect(doc.currencies.map((c) => c.code)).toEqual(['EUR', 'JPY', 'USD']);
    expect(doc.pockets.map((p) => [p.key, p.name, p.currency, p.isCash])).toEqual([
      [1, 'Default pocket EUR', 'EUR', false],
      [2, 'Wallet', 'EUR', true],
      [3, 'US bank', 'USD', false],
      [4, 'Yen cash', 'JPY', true],
    ]);
    expect(doc.categories.find((c) => c.name === 'Food')).toMatchObject({
      monthlyLimit: '250.5',
      description: 'Eating',
    });
    expect(doc.categories.find((c) => c.name === 'Misc spending')).toMatchObject({ isBuiltIn: true, isIncome: false });
    expect(doc.categories.find((c) => c.name === 'Old loan')).toMatchObject({ isActive: false });
    expect(doc.transactions).toHaveLength(11);
    // Exact decimal strings in the transaction's own currency.
    expect(doc.transactions.map((t) => `${t.amount} ${t.currency}`)).toContain('12.34 EUR');
    expect(doc.transactions.map((t) => `${t.amount} ${t.currency}`)).toContain('1500 JPY');
    expect(doc.transactions.find((t) => t.businessType === 'realize')).toMatchObject({ amount: '300', isIncome: true });
    expect(doc.conversions).toEqual([
      {
        fromAmount: '500',
        fromCurrency: 'EUR',
        toAmount: '540.25',
        toCurrency: 'USD',
        description: 'Trip money',
        time: '2026-03-10T10:00:00.000Z',
        createdBy: 1,
      },
    ]);
    // Who entered the rows: the source's owner, by key and e-mail (version 5).
    expect(doc.members).toEqual([{ key: 1, name: 'T', email: 'source@example.com' }]);
    expect(new Set(doc.transactions.map((t) => t.createdBy))).toEqual(new Set([1]));
    expect(doc.fixpoints).toEqual([
      {
        time: '2026-01-01T00:00:00.000Z',
        states: [
          { pocketKey: 1, balance: '1000' },
          { pocketKey: 2, balance: '55.5' },
          { pocketKey: 3, balance: '20' },
          { pocketKey: 4, balance: '3000' },
        ],
      },
      {
        time: '2026-04-15T18:00:00.000Z',
        states: [
          { pocketKey: 1, balance: '2300.25' },
          { pocketKey: 2, balance: '-10' },
          { pocketKey: 3, balance: '400.01' },
          { pocketKey: 4, balance: '1200' },
        ],
      },
    ]);
  });

  it('restores into a fresh account: the same document again, every figure and total equal', async () => {
    const target = await newUser(ctx, 'fresh@example.com');
    const res = await restore(target.client, doc);
    expect(okJson(res)).toEqual({
      currencies: 3,
      pockets: 4,
      categories: 9,
      transactions: 11,
      conversions: 1,
      fixpoints: 2,
      rules: 2,
      imports: 0,
      schedules: 0,
      settlements: 0,
    });
    sameBooks(await backupOf(target.client), doc);
    expect(await figures(target.client)).toEqual(await figures(source.client));
    await expectTotalsRecomputed(ctx, target.userId);
    await expectTotalsRecomputed(ctx, source.userId);
    expect(await derived(ctx, target.userId)).toEqual(await derived(ctx, source.userId));
    // The restored account works as any other: a new transaction moves its totals in step.
    const cats = okJson<{ id: number; name: string }[]>(await target.client.get('/api/category/getall'));
    okJson(
      await target.client.post('/api/transaction/add', {
        amount: 1,
        currency: 'EUR',
        categoryId: cats.find((c) => c.name === 'Food')?.id,
        time: '2026-05-05T10:00:00Z',
      }),
    );
    await expectTotalsRecomputed(ctx, target.userId);
  });

  it("restores into an account of another main currency, which takes the document's", async () => {
    const target = await newUser(ctx, 'huf@example.com', 'HUF');
    okJson(await restore(target.client, doc));
    sameBooks(await backupOf(target.client), doc);
    expect(okJson<{ mainCurrency: string }>(await target.client.get('/api/account/userinfo')).mainCurrency).toBe('EUR');
    expect(await figures(target.client)).toEqual(await figures(source.client));
  });

  it('restores a regex rule of an earlier engine that RE2 refuses, kept as written (it never matches)', async () => {
    const target = await newUser(ctx, 'old-rule@example.com');
    const old = {
      ...doc,
      rules: doc.rules.map((r) => (r.match === 'regex' ? { ...r, pattern: '^(?=pay)payroll\\b' } : r)),
    };
    okJson(await restore(target.client, old));
    const rules = okJson<{ match: string; pattern: string }[]>(await target.client.get('/api/rule/getall'));
    expect(rules.find((r) => r.match === 'regex')?.pattern).toBe('^(?=pay)payroll\\b');
  });

  it('refuses an account that has books with 409, changing nothing', async () => {
    const target = await newUser(ctx, 'busy@example.com');
    const cats = okJson<{ id: number; name: string }[]>(await target.client.get('/api/category/getall'));
    okJson(
      await target.client.post('/api/transaction/add', {
        amount: 5,
        currency: 'EUR',
        categoryId: cats.find((c) => c.name === 'Other expense')?.id,
        time: '2026-05-05T10:00:00Z',
      }),
    );
    const before = await snapshotTables(ctx.database);
    expectError(await restore(target.client, doc), 409, 'already has books (1 transaction)');
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('restores over an account whose only books are start balances (a fixpoint), replacing them', async () => {
    const target = await newUser(ctx, 'fresh-web@example.com');
    const pockets = okJson<Pocket[]>(await target.client.get('/api/pocket/getall'));
    okJson(
      await target.client.post(
        '/api/fixpoint/set?time=2026-01-02T00:00:00Z',
        pockets.map((p) => ({ pocketId: p.pocketId, balance: 7 })),
      ),
    );
    okJson(await restore(target.client, doc));
    sameBooks(await backupOf(target.client), doc);
    expect(await figures(target.client)).toEqual(await figures(source.client));
  });

  it('replaces the books with replace=true', async () => {
    const target = await newUser(ctx, 'replace@example.com');
    await buildBooks(target.client);
    okJson(await target.client.post('/api/category/add', { name: 'Gone', type: 'real', isIncome: true }));
    const pockets = okJson<Pocket[]>(await target.client.get('/api/pocket/getall'));
    okJson(
      await target.client.post(
        '/api/fixpoint/set?time=2026-06-01T00:00:00Z',
        pockets.map((p) => ({ pocketId: p.pocketId, balance: 1 })),
      ),
    );
    expectError(await restore(target.client, doc), 409, '(11 transactions, 1 conversion)');
    okJson(await restore(target.client, doc, true));
    sameBooks(await backupOf(target.client), doc);
    expect(await figures(target.client)).toEqual(await figures(source.client));
    await expectTotalsRecomputed(ctx, target.userId);
    expect(await derived(ctx, target.userId)).toEqual(await derived(ctx, source.userId));
    // An empty document empties the books; the system categories stay.
    const empty = { ...doc, pockets: [], transactions: [], conversions: [], fixpoints: [], rules: [] };
    empty.categories = doc.categories.filter((c) => c.isBuiltIn);
    okJson(await restore(target.client, empty, true));
    const after = await backupOf(target.client);
    expect(after.transactions).toEqual([]);
    expect(after.categories.map((c) => c.name)).toEqual([
      'Misc spending',
      'Other income',
      'Untracked accounts',
      'Other external',
    ]);
    expect(await new DailyTotalsRepository(ctx.database.db).all(target.userId)).toEqual([]);
  });

  it('refuses damaged documents with 400 naming the path, changing nothing', async () => {
    const target = await newUser(ctx, 'damaged@example.com');
    await buildBooks(target.client);
    const clone = (): BackupDocument => structuredClone(doc);
    const cases: [string, (d: BackupDocument) => unknown][] = [
      [
        'transactions.0.amount: must be a positive decimal string',
        (d) => ((d.transactions[0] as { amount: unknown }).amount = 12.5),
      ],
      [
        'transactions.1.categoryKey: no category has key 999',
        (d) => ((d.transactions[1] as { categoryKey: number }).categoryKey = 999),
      ],
      [
        'transactions.2.amount: must have at most 0 decimals',
        (d) => ((d.transactions[2] as { amount: string }).amount = '1500.5'),
      ],
      [
        'transactions.0.currency: GBP is not one of the document',
        (d) => ((d.transactions[0] as { currency: string }).currency = 'GBP'),
      ],
      [
        'currencies.0.code: XYZ is not a supported currency',
        (d) => ((d.currencies[0] as { code: string }).code = 'XYZ'),
      ],
      [
        'fixpoints.1.time: there is already a fixpoint',
        (d) => ((d.fixpoints[1] as { time: string }).time = d.fixpoints[0]?.time ?? ''),
      ],
      [
        'rules.0.categoryKey: must be an income or expense category',
        (d) =>
          ((d.rules[0] as { categoryKey: number }).categoryKey = d.categories.find((c) => c.type === 'loan')?.key ?? 0),
      ],
      [
        'rules.1.pattern: not a valid regular expression',
        (d) => (d.rules[1] = { ...d.rules[1], match: 'regex', pattern: '(' } as never),
      ],
      [
        'fixpoints.0.states.0.pocketKey: no pocket has key 42',
        (d) => ((d.fixpoints[0]?.states[0] as { pocketKey: number }).pocketKey = 42),
      ],
      [
        'conversions.0.toAmount: a transfer between two pockets of one currency puts in what it takes',
        (d) => {
          const c = d.conversions[0] as { fromCurrency: string; toCurrency: string };
          c.toCurrency = c.fromCurrency;
        },
      ],
      ['pockets.1.key: 1 is used twice', (d) => ((d.pockets[1] as { key: number }).key = 1)],
      ['format: must be "kassa-backup"', (d) => ((d as { format: string }).format = 'other')],
      ['mainCurrency: is required', (d) => delete (d as { mainCurrency?: string }).mainCurrency],
      [
        'transactions.0.time: must be an ISO 8601 date-time',
        (d) => ((d.transactions[0] as { time: string }).time = 'yesterday'),
      ],
      [
        // Found only while writing (after the old books were deleted): the whole restore rolls back.
        'categories: a category has the name of a system category',
        (d) => {
          const misc = d.categories.find((c) => c.name === 'Misc spending');
          d.categories = d.categories.filter((c) => c !== misc);
          d.categories.push({ ...(misc as (typeof d.categories)[number]), key: 500, isBuiltIn: false });
          for (const t of d.transactions) if (t.categoryKey === misc?.key) t.categoryKey = 500;
        },
      ],
    ];
    const before = await snapshotTables(ctx.database);
    for (const [message, damage] of cases) {
      const damaged = clone();
      damage(damaged);
      expectError(await restore(target.client, damaged, true), 400, message);
    }
    expectError(await restore(target.client, [1, 2], true), 400, 'body');
    expectError(
      await target.client.post('/api/backup/restore?replace=maybe', doc),
      400,
      'replace: must be true or false',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('accepts documents far above the 1 MB body limit of other routes', async () => {
    const target = await newUser(ctx, 'large@example.com');
    const base = doc.transactions[1] as BackupDocument['transactions'][number];
    const transactions = Array.from({ length: 12_000 }, (_, i) => ({
      ...base,
      amount: `${(i % 997) + 1}.${(i % 9) + 1}5`,
      description: `Row ${i} of a long history`,
      time: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
    }));
    const large = { ...doc, transactions };
    expect(JSON.stringify(large).length).toBeGreaterThan(1_500_000);
    expect(okJson(await restore(target.client, large))).toMatchObject({ transactions: 12_000 });
    const back = await backupOf(target.client);
    expect(back.transactions).toEqual(transactions);
    await expectTotalsRecomputed(ctx, target.userId);
  });

  it('refuses a newer version with 400 naming it, and reads versions 1, 2, 3 and 4', async () => {
    const target = await newUser(ctx, 'version@example.com');
    const before = await snapshotTables(ctx.database);
    expectError(await restore(target.client, { ...doc, version: 6 }), 400, 'version: 6 is newer');
    expect(await snapshotTables(ctx.database)).toEqual(before);
    expectError(await restore(target.client, { ...doc, version: 0 }), 400, 'version');
    // A version 1 document (before rules) still restores, with no rules.
    // A version 3 document (before schedules) restores with none.
    // A version 4 document (before members): every row is the restorer's.
    const v4: Record<string, unknown> = {
      ...doc,
      version: 4,
      transactions: doc.transactions.map((t) => ({ ...t, createdBy: undefined })),
      conversions: doc.conversions.map((c) => ({ ...c, createdBy: undefined })),
    };
    delete v4['members'];
    delete v4['settlements'];
    okJson(await restore(target.client, v4, true));
    const fromV4 = await backupOf(target.client);
    expect(fromV4.members).toEqual([{ key: 1, name: 'T', email: 'version@example.com' }]);
    expect(fromV4.transactions).toEqual(doc.transactions);
    const v3: Record<string, unknown> = { ...v4, version: 3 };
    delete v3['schedules'];
    okJson(await restore(target.client, v3, true));
    expect((await backupOf(target.client)).schedules).toEqual([]);
    const v2: Record<string, unknown> = { ...v3, version: 2 };
    delete v2['imports'];
    delete v2['importProfiles'];
    okJson(await restore(target.client, v2, true));
    expect((await backupOf(target.client)).rules).toEqual(doc.rules);
    const v1: Record<string, unknown> = { ...v2, version: 1 };
    delete v1['rules'];
    okJson(await restore(target.client, v1, true));
    const restored = await backupOf(target.client);
    expect(restored.rules).toEqual([]);
    expect(restored.transactions).toEqual(doc.transactions);
  });

  it("never shows another user's data, and restoring one account leaves the others alone", async () => {
    const other = await newUser(ctx, 'other@example.com', 'USD');
    const own = await backupOf(other.client);
    expect(own).toMatchObject({ mainCurrency: 'USD', transactions: [], conversions: [], fixpoints: [] });
    expect(own.pockets).toEqual([{ key: 1, name: 'Default pocket USD', currency: 'USD', isCash: false }]);
    expect(own.currencies.map((c) => c.code)).toEqual(['USD']);
    // Every restore above left the source's books as they were.
    sameBooks(await backupOf(source.client), doc);
  });

  it('answers 401 without a token and 403 to the demo user', async () => {
    const anonymous = ctx.client();
    expectError(await anonymous.get('/api/backup/get'), 401);
    expectError(await restore(anonymous, doc), 401);
    await ctx.createUser({ email: 'demo-like@example.com', password: 'password-123', role: 'DEMO' });
    const demo = ctx.client();
    await demo.login('demo-like@example.com', 'password-123');
    okJson(await demo.get('/api/backup/get'));
    const res = await restore(demo, doc);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ type: 'demo', message: 'Not allowed for the demo user' });
  });
});
