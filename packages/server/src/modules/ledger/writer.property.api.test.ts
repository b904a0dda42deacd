import type { ImportPreview } from '@kassa/contract';
import { expect, it } from 'vitest';
import { expectNativeTablesRecomputed, expectReportsRecomputed } from '../../test/derived-check.js';
import { describeEachDatabase } from '../../test/harness.js';
import { okJson } from '../../test/ledger.js';
import { sampleBooks, TRICKY_FOOD } from '../../test/sample-books.js';
import { addSchedule } from '../../test/schedules.js';
import { multipart } from '../../test/upload.js';
import { prng } from '../../util/prng.js';

// Issue 33: every writer of the ledger goes through the LedgerWriter, and what it derives from
// the rows stays equal to its recomputation. A seeded random mix of every way rows change
// (single adds, edits and deletes of transactions and conversions, import commit and undo, bulk
// edit and delete and their undo, restore of a backup, schedule posts) runs on each database, and
// after every step the derived tables and the reports that read them are compared with a
// recomputation from the rows.

const SEED = 33;
const STEPS = 36;
const INTERVAL = { start: '2024-01-01T00:00:00Z', end: '2024-06-30T23:59:59Z' };
const DAYS = ['2024-02-15', '2024-03-10', '2024-04-30'];
const CURRENCIES = ['EUR', 'USD', 'JPY'] as const;

interface Row {
  id: number;
}
interface Tx extends Row {
  categoryId: number;
  categType: string;
  isIncome: boolean;
}
interface Undoable {
  undo: string;
}

describeEachDatabase('the ledger writer keeps every derived table equal to its recomputation', (ctx) => {
  it(`after each of ${STEPS} random writes of every kind (seed ${SEED})`, async () => {
    const random = prng(SEED + (ctx.dialect === 'postgres' ? 1 : 0));
    const pick = <T>(items: readonly T[]): T | undefined => items[random(items.length)];
    const books = await sampleBooks(ctx, `writer-property-${ctx.dialect}@example.com`);
    const { client } = books;
    const post = async <T>(url: string, body?: unknown) => okJson<T>(await client.post(url, body));
    let groceries = (await post<Row>('/api/category/add', { name: 'Groceries', type: 'real', isIncome: false })).id;
    let schedule = await addSchedule(client, {
      rule: 'FREQ=WEEKLY',
      start: '2024-02-05',
      mode: 'remind',
      payload: { kind: 'transaction', amount: 42, currency: 'USD', categoryId: groceries, description: 'Weekly box' },
    });
    let [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
    /** A restore gives categories, pockets and schedules new ids: found again by name. */
    const findAgain = async () => {
      const categories = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
      const id = (name: string) => categories.find((c) => c.name === name)?.id ?? 0;
      Object.assign(books, { food: id(TRICKY_FOOD), salary: id('Salary'), loan: id('Bob'), shop: id('Shop') });
      groceries = id('Groceries');
      [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
      [schedule = schedule] = okJson<(typeof schedule)[]>(await client.get('/api/schedule/getall'));
    };
    const tokens: string[] = [];
    const imports: number[] = [];
    let week = 0;

    const day = () => `2024-0${2 + random(3)}-${String(1 + random(28)).padStart(2, '0')}`;
    /** An amount with the currency's decimals (yen has none). */
    const amount = (currency: string) => (currency === 'JPY' ? 1 + random(50_000) : (1 + random(50_000)) / 100);
    /** A body for transaction/add or /update: any kind of category, any currency. */
    const transactionBody = () => {
      const currency = pick(CURRENCIES) ?? 'EUR';
      const body = { time: `${day()}T${String(random(24)).padStart(2, '0')}:30:00Z`, amount: amount(currency) };
      switch (random(5)) {
        case 0:
          return { ...body, currency, categoryId: books.food };
        case 1:
          return { ...body, currency, categoryId: books.salary };
        case 2:
          return { ...body, currency, categoryId: books.loan, isIncome: random(2) === 1 };
        case 3:
          return {
            ...body,
            currency,
            categoryId: books.shop,
            isIncome: random(2) === 1,
            type: pick(['invest', 'pnl', 'realize'] as const),
          };
        default:
          return { ...body, currency, categoryId: groceries };
      }
    };
    const conversionBody = () => {
      const [from, to] = random(2) === 0 ? ['EUR', 'USD'] : ['USD', 'JPY'];
      return {
        fromAmount: amount(from),
        fromCurrency: from,
        toAmount: amount(to),
        toCurrency: to,
        time: `${day()}T10:00:00Z`,
        description: 'exchange',
      };
    };
    const transactions = async () => post<Tx[]>('/api/transaction/getfiltered', { limit: 5000 });
    const conversions = async () => post<Row[]>('/api/conversion/getbetween', INTERVAL);

    const writers: Record<string, () => Promise<void>> = {
      'transaction/add': async () => {
        await post('/api/transaction/add', transactionBody());
      },
      'transaction/update': async () => {
        const t = pick(await transactions());
        if (t !== undefined) await post('/api/transaction/update', { id: t.id, ...transactionBody() });
      },
      'transaction/delete': async () => {
        const t = pick(await transactions());
        if (t !== undefined) tokens.push(okJson<Undoable>(await client.delete(`/api/transaction/delete/${t.id}`)).undo);
      },
      'conversion/add': async () => {
        await post('/api/conversion/add', conversionBody());
      },
      'conversion/update': async () => {
        const c = pick(await conversions());
        if (c !== undefined) await post('/api/conversion/update', { id: c.id, ...conversionBody() });
      },
      'conversion/delete': async () => {
        const c = pick(await conversions());
        if (c !== undefined) tokens.push(okJson<Undoable>(await client.delete(`/api/conversion/delete/${c.id}`)).undo);
      },
      'import/commit': async () => {
        const lines = Array.from({ length: 1 + random(6) }, (_, i) => {
          const sign = random(3) === 0 ? '' : '-';
          return `${day()},Shop ${random(1000)},Card ${i},${sign}${amount('EUR').toFixed(2)}`;
        });
        const { payload, extra } = await multipart(
          { name: 'statement.csv', content: ['Date,Payee,Description,Amount', ...lines].join('\n') },
          { pocketId: pocket?.pocketId },
        );
        const preview = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
        okJson(await client.post(`/api/import/commit/${preview.batchId}`, {}));
        imports.push(preview.batchId);
      },
      'import/undo': async () => {
        const batchId = imports.splice(random(imports.length), 1)[0];
        if (batchId !== undefined) await post(`/api/import/undo/${batchId}`);
      },
      'bulk/delete': async () => {
        const ids = (await transactions()).filter(() => random(4) === 0).map((t) => t.id);
        if (ids.length > 0)
          tokens.push((await post<Undoable>('/api/transaction/bulk', { ids, action: 'delete' })).undo);
      },
      'bulk/update': async () => {
        // Real expenses only: a bulk change of category keeps the kind and direction of every row.
        const ids = (await transactions())
          .filter((t) => t.categType === 'real' && !t.isIncome && random(2) === 0)
          .map((t) => t.id);
        const changes = { categoryId: random(2) === 0 ? groceries : books.food, description: `bulk ${random(9)}` };
        if (ids.length > 0)
          tokens.push((await post<Undoable>('/api/transaction/bulk', { ids, action: 'update', changes })).undo);
      },
      undo: async () => {
        // The newest change first, as a user would; an older token may meet rows changed since (409).
        const token = tokens.pop();
        if (token === undefined) return;
        const res = await client.post(`/api/undo/${token}`);
        expect([200, 404, 409], res.body).toContain(res.statusCode);
      },
      'backup/restore': async () => {
        const doc = okJson(await client.get('/api/backup/get'));
        okJson(await client.post('/api/backup/restore?replace=true', doc));
        tokens.length = 0; // a restore drops the undo log
        imports.length = 0;
        await findAgain();
      },
      'schedule/confirm': async () => {
        const occurrence = new Date(Date.UTC(2024, 1, 5 + 7 * week++)).toISOString().slice(0, 10);
        await post(`/api/schedule/confirm/${schedule.id}`, { occurrence });
      },
    };

    const names = Object.keys(writers);
    const seen = new Set<string>();
    for (let step = 1; step <= STEPS; step++) {
      // Every writer once within the first steps, then at random.
      const name = step <= names.length ? (names[step - 1] ?? '') : (pick(names) ?? '');
      seen.add(name);
      await writers[name]?.();
      const label = `step ${step} (${name}, seed ${SEED})`;
      await expectNativeTablesRecomputed(ctx, books.userId, label);
      await expectReportsRecomputed(ctx, books, INTERVAL, DAYS, label);
    }
    expect([...seen].sort()).toEqual([...names].sort());
  });
});
