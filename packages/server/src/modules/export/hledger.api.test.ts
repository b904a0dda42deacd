import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { sampleBooks, type SampleBooks } from '../../test/sample-books.js';

// These tests run the real hledger (1.25 on the CI machine; .ci/run installs it).
const dir = mkdtempSync(path.join(tmpdir(), 'kassa-hledger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs hledger on a journal; the exit code and both outputs. */
function hledger(file: string, ...args: string[]): { code: number; out: string; err: string } {
  const run = spawnSync('hledger', ['-f', file, ...args], { encoding: 'utf8' });
  if (run.error !== undefined) throw new Error(`hledger could not run (is it installed?): ${run.error.message}`);
  return { code: run.status ?? -1, out: run.stdout, err: run.stderr };
}

/** `hledger bal -O csv` rows as account -> amount text ("24.58 EUR"), without the total. */
function balances(csv: string): Map<string, string> {
  const rows = csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => /^"(.*)","(.*)"$/.exec(line))
    .flatMap((m) => (m === null ? [] : [[m[1] ?? '', m[2] ?? ''] as [string, string]]));
  return new Map(rows.filter(([account]) => account !== 'total'));
}

/** "-1,234.56 EUR" or "1500 JPY" in minor units (hledger writes each commodity with its declared decimals). */
const minorOf = (text: string, decimals: number) => {
  const m = /^(-?)([\d.]+) [A-Z]{3}$/.exec(text);
  if (m === null) throw new Error(`not a single amount: ${text}`);
  const [whole = '', frac = ''] = (m[2] ?? '').split('.');
  expect(frac.length).toBe(decimals);
  const minor = BigInt(whole + frac);
  return m[1] === '-' ? -minor : minor;
};

describeEachDatabase('export: the books as an hledger journal', (ctx) => {
  let books: SampleBooks;
  let journal: string;
  let file: string;
  beforeAll(async () => {
    books = await sampleBooks(ctx, 'hledger@example.com');
    // Another user's rows must never show up.
    const other = await newUser(ctx, 'hledger-other@example.com', 'EUR');
    okJson(
      await other.client.post('/api/transaction/add', {
        time: '2024-03-04T10:00:00Z',
        currency: 'EUR',
        amount: 777,
        description: 'not mine',
        categoryId: okJson<{ id: number; name: string }[]>(await other.client.get('/api/category/getall')).find(
          (c) => c.name === 'Other income',
        )?.id,
      }),
    );
    const res = await books.client.get('/api/export/hledger');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kassa-\d{4}-\d{2}-\d{2}\.journal"$/);
    journal = res.body;
    file = path.join(dir, `books-${ctx.dialect}.journal`);
    writeFileSync(file, journal);
  });

  it('maps the books to accounts as DESIGN §9 says, with a P line for every rate used', () => {
    expect(journal).not.toContain('not mine');
    expect(journal).toContain('commodity 1000. JPY');
    expect(journal).toContain('commodity 1000.00 USD');
    // The tricky category name is one safe account.
    expect(journal).toContain('    expenses:Food- out, side  -0.00 EUR'.replace('-0.00', '1.50'));
    expect(journal).toContain('    assets:loans:Bob  50.00 USD');
    expect(journal).toContain('    assets:business:Shop  300.00 EUR');
    expect(journal).toContain('    income:business:Shop  -25.50 USD');
    expect(journal).toContain('    income:business:Shop  -40.00 EUR'); // realize: no cash
    expect(journal).toContain('    equity:external  -10.00 EUR');
    expect(journal).toContain('    assets:USD  215.30 USD @@ 200.00 EUR');
    expect(journal).toMatch(/\n2024-03-05 '\*sushi \(tokyo\n/);
    expect(journal).toMatch(/\n2024-03-04 March, salary\n/);
    // One P line per (day, currency) in use: USD on 4, 5, 6, 7, 9 and the fixpoint's 10th; JPY on 1, 5, 7, 10.
    const prices = journal.split('\n').filter((l) => l.startsWith('P '));
    expect(prices.map((l) => l.split(' ').slice(1, 3).join(' ')).sort()).toEqual([
      '2024-03-01 JPY',
      '2024-03-01 USD',
      '2024-03-04 USD',
      '2024-03-05 JPY',
      '2024-03-05 USD',
      '2024-03-06 USD',
      '2024-03-07 JPY',
      '2024-03-07 USD',
      '2024-03-09 USD',
      '2024-03-10 JPY',
      '2024-03-10 USD',
    ]);
    expect(prices.every((l) => / EUR$/.test(l))).toBe(true);
  });

  it("writes each fixpoint's error as Kassa computes it, then asserts the stated balance", async () => {
    const last = okJson<{ id: number }>(await books.client.get('/api/fixpoint/getlast'));
    const detail = okJson<{ errors: { currency: string; stated: number; error: number }[] }>(
      await books.client.get(`/api/fixpoint/getbyid/${last.id}`),
    );
    expect(detail.errors.some((e) => e.error !== 0)).toBe(true);
    for (const e of detail.errors) {
      const d = e.currency === 'JPY' ? 0 : 2;
      expect(journal).toContain(
        `    assets:${e.currency}  ${e.error.toFixed(d)} ${e.currency} = ${e.stated.toFixed(d)} ${e.currency}\n`,
      );
    }
  });

  it('is read by hledger with every fixpoint balance assertion holding, and a broken one is caught', () => {
    const check = hledger(file, 'check');
    expect(check.err).toBe('');
    expect(check.code).toBe(0);
    expect(hledger(file, 'bal').code).toBe(0);
    // The second fixpoint's EUR assertion off by a cent: hledger must fail.
    const broken = path.join(dir, `broken-${ctx.dialect}.journal`);
    writeFileSync(broken, journal.replace('= 2400.00 EUR', '= 2400.01 EUR'));
    const failed = hledger(broken, 'check');
    expect(failed.code).not.toBe(0);
    expect(failed.err).toContain('balance assertion');
  });

  it("gives Kassa's own figures: per-category P&L in the main currency, and each currency's balance", async () => {
    // --value=then,EUR values each posting at its own date's P price, as Kassa converts each
    // transaction at its day's rate; hledger 1.25 does not infer prices from @@ costs unless asked.
    const valued = balances(
      execFileSync('hledger', ['-f', file, 'bal', '^expenses', '^income', '--value=then,EUR', '-O', 'csv'], {
        encoding: 'utf8',
      }),
    );
    const march = { start: '2024-03-01T00:00:00Z', end: '2024-03-31T23:59:59.999Z' };
    const kassa = new Map<number, bigint>();
    for (const direction of [true, false]) {
      const figures = okJson<{ categoryId: number; asset: { amount: number; currency: string } }[]>(
        await books.client.post('/api/analytics/oneperiod', { interval: march, direction }),
      );
      for (const f of figures) {
        expect(f.asset.currency).toBe('EUR');
        const cents = BigInt(Math.round(f.asset.amount * 100));
        kassa.set(f.categoryId, (kassa.get(f.categoryId) ?? 0n) + (direction ? cents : -cents));
      }
    }
    // hledger: expenses positive, income negative; Kassa: income minus expense per category.
    const accountOf = new Map([
      [books.food, 'expenses:Food- out, side'],
      [books.salary, 'income:Salary'],
      [books.shop, 'income:business:Shop'],
    ]);
    expect(new Set(valued.keys())).toEqual(new Set(accountOf.values()));
    expect(new Set(kassa.keys())).toEqual(new Set(accountOf.keys()));
    for (const [categoryId, account] of accountOf)
      expect([account, -minorOf(valued.get(account) ?? '', 2)]).toEqual([account, kassa.get(categoryId)]);

    // Native balances: assets:<currency> is Kassa's available, loans and business money its summaries.
    const native = balances(execFileSync('hledger', ['-f', file, 'bal', '^assets', '-O', 'csv'], { encoding: 'utf8' }));
    const holdings = okJson<{ currency: string; amount: number }[]>(
      await books.client.post('/api/analytics/holdings', '"2024-03-31"', {
        headers: { 'content-type': 'application/json' },
      }),
    );
    for (const h of holdings) {
      const decimals = h.currency === 'JPY' ? 0 : 2;
      expect([h.currency, minorOf(native.get(`assets:${h.currency}`) ?? '', decimals)]).toEqual([
        h.currency,
        BigInt(Math.round(h.amount * 10 ** decimals)),
      ]);
    }
    expect(native.get('assets:loans:Bob')).toBe('30.00 USD');
    // Money still in the business: 300 invested plus 40 realised (pendingS).
    expect(native.get('assets:business:Shop')).toBe('340.00 EUR');
  });

  it('gives every category an account of its own, whatever its name, and hledger reads them all', async () => {
    const { client } = await newUser(ctx, 'hledger-names@example.com', 'EUR');
    type Made = { id: number; name: string; type: string; isIncome: boolean | null };
    const add = async (name: string, type: string, isIncome?: boolean) =>
      okJson<Made>(await client.post('/api/category/add', { name, type, isIncome }));
    // "a:b" gets the next id but two; the names before it mimic the suffixes it could get.
    const first = await add('a-b', 'real', false);
    const next = first.id + 3;
    const categories = [
      first,
      await add(`a-b (${next})`, 'real', false),
      await add(`a-b (#${next})`, 'real', false),
      await add('a:b', 'real', false),
    ];
    expect(categories[3]?.id).toBe(next);
    for (const [name, type, isIncome] of [
      ['x:y:z', 'real', false],
      ['two  spaces', 'real', false],
      ['semi;colon', 'real', false],
      ['semi,colon', 'real', false],
      ['[bracket]', 'real', false],
      ['(paren) 5', 'real', false],
      ['a\uFF1Ab', 'real', false], // fullwidth colon
      ['\u0430-b', 'real', false], // Cyrillic a
      [':', 'real', false],
      ['-', 'real', false],
      ['Same', 'real', true],
      ['Same', 'real', false],
      ['business', 'real', true],
      ['Shop', 'business', undefined],
      ['Shop', 'loan', undefined],
      ['Shop:x', 'business', undefined],
      ['Shop-x', 'business', undefined],
      ['Groceries', 'real', false],
    ] as const)
      categories.push(await add(name, type, isIncome));

    // Each category its own amount (1, 2, 3 … EUR), so two sharing an account would show.
    const categoryOf = new Map<number, Made>();
    const expected = new Map<number, string>();
    for (const [i, category] of categories.entries()) {
      const extra =
        category.type === 'business'
          ? { isIncome: false, type: 'invest' }
          : category.type === 'loan'
            ? { isIncome: false }
            : {};
      const t = okJson<{ id: number }>(
        await client.post('/api/transaction/add', {
          time: '2024-03-04T12:00:00Z',
          currency: 'EUR',
          amount: i + 1,
          categoryId: category.id,
          ...extra,
        }),
      );
      categoryOf.set(t.id, category);
      // hledger's sign: the counter-posting of money out is positive, of money in negative.
      expected.set(category.id, `${category.isIncome === true ? '-' : ''}${i + 1}.00 EUR`);
    }
    const res = await client.get('/api/export/hledger');
    expect(res.statusCode, res.body).toBe(200);
    const named = path.join(dir, `names-${ctx.dialect}.journal`);
    writeFileSync(named, res.body);
    const check = hledger(named, 'check');
    expect(check.err).toBe('');
    expect(check.code).toBe(0);

    // The account each category books against, read from the journal's own entries.
    const accountOf = new Map<number, string>();
    for (const entry of res.body.split('\n\n')) {
      const id = /; kassa-id: t(\d+),/.exec(entry)?.[1];
      if (id === undefined) continue;
      const counters = entry
        .split('\n')
        .filter((l) => /^ {4}[^ ;]/.test(l) && !l.startsWith('    assets:EUR  '))
        .map((l) => l.trim().split('  ')[0] ?? '');
      expect(counters).toHaveLength(1);
      accountOf.set(categoryOf.get(Number(id))?.id ?? 0, counters[0] ?? '');
    }
    expect(accountOf.size).toBe(categories.length);
    expect(new Set(accountOf.values()).size).toBe(categories.length);
    // hledger's balance of each account is exactly its one category's amount.
    const balance = balances(execFileSync('hledger', ['-f', named, 'bal', '-O', 'csv'], { encoding: 'utf8' }));
    for (const [categoryId, account] of accountOf)
      expect([account, balance.get(account)]).toEqual([account, expected.get(categoryId)]);
    // Ordinary names read as they are; of two names that meet, the older keeps the plain one.
    const account = (name: string) => accountOf.get(categories.find((c) => c.name === name)?.id ?? 0);
    expect(account('Groceries')).toBe('expenses:Groceries');
    expect(account('a-b')).toBe('expenses:a-b');
    expect(account('a:b')).toBe(`expenses:a-b (#${next})`);
    expect(account(`a-b (${next})`)).toBe(`expenses:a-b (${next})`);
    expect(account('Shop-x')).toMatch(/^assets:business:Shop-x \(#\d+\)$/);
  });
});
