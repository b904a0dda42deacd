import { MAX_LIST_ROWS, MORE_ROWS_HEADER } from '@kassa/contract';
import { utcDayOf } from '@kassa/money';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { LedgerWriter } from './writer.js';
import { conversionColumns, type TransactionRow } from './rows.js';

interface Row {
  id: number;
  time: string;
  /** Transactions only. */
  categoryId?: number;
}
interface Cat {
  id: number;
}

const BASE = Date.UTC(2024, 0, 1);
const MINUTE = 60_000;
const BATCH = 500;
// More than one default page: the cap is what these tests are about.
const IN_SHOP = MAX_LIST_ROWS + 150;
const IN_LOAN = 30;
const CONVERSIONS = MAX_LIST_ROWS + 10;
const FIXPOINTS = MAX_LIST_ROWS + 5;

/** A page's rows and whether the server said older ones match. */
function page(res: LightMyRequestResponse): { rows: Row[]; more: boolean } {
  const rows = okJson<Row[]>(res);
  return { rows, more: res.headers[MORE_ROWS_HEADER] === 'true' };
}

/** Asks page after page, each after the last row of the one before, until the server says no more. */
async function walk(
  ask: (after: Row | undefined) => Promise<LightMyRequestResponse>,
  limit: number,
): Promise<{ rows: Row[]; sizes: number[] }> {
  const rows: Row[] = [];
  const sizes: number[] = [];
  let after: Row | undefined;
  for (;;) {
    const next = page(await ask(after));
    rows.push(...next.rows);
    sizes.push(next.rows.length);
    // A short page never claims more; a full one does exactly when rows remain.
    if (next.rows.length < limit) expect(next.more).toBe(false);
    if (!next.more) return { rows, sizes };
    after = next.rows.at(-1);
  }
}

/** Newest first, strictly: no row twice and none out of order (time, then id, both descending). */
function expectNewestFirst(rows: readonly Row[]): void {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1] as Row;
    const b = rows[i] as Row;
    const ta = Date.parse(a.time);
    const tb = Date.parse(b.time);
    expect(ta > tb || (ta === tb && a.id > b.id), `rows ${i - 1} and ${i}`).toBe(true);
  }
}

/** Page sizes of a walk over `total` rows by `limit`: full pages, then the rest (an empty last page when it divides). */
const sizesOf = (total: number, limit: number) => [
  ...Array.from({ length: Math.floor(total / limit) }, () => limit),
  ...(total % limit === 0 ? [] : [total % limit]),
];

describeEachDatabase('bounded lists', (ctx) => {
  let client: TestClient;
  let shop: Cat;
  let loan: Cat;
  let shopIds: number[];

  beforeAll(async () => {
    const user = await newUser(ctx, 'lists@example.com', 'EUR');
    client = user.client;
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    shop = okJson<Cat>(await client.post('/api/category/add', { name: 'Shop', type: 'business' }));
    loan = okJson<Cat>(await client.post('/api/category/add', { name: 'Bob', type: 'loan' }));
    const rows: Omit<TransactionRow, 'id'>[] = [];
    for (let i = 0; i < IN_SHOP; i++) {
      // Three rows per minute: pages must break ties by id, never skip or repeat one.
      const time = BASE + Math.floor(i / 3) * MINUTE;
      rows.push({
        categoryId: shop.id,
        kind: 'business',
        businessType: 'invest',
        isIncome: i % 2 === 0,
        amount: 100 + i,
        currency: i % 5 === 0 ? 'USD' : 'EUR',
        description: `s${i}`,
        time,
        day: utcDayOf(time),
      });
    }
    for (let i = 0; i < IN_LOAN; i++) {
      const time = BASE + i * 7 * MINUTE;
      rows.push({
        categoryId: loan.id,
        kind: 'loan',
        businessType: null,
        isIncome: false,
        amount: 1000,
        currency: 'EUR',
        description: `l${i}`,
        time,
        day: utcDayOf(time),
      });
    }
    await LedgerWriter.load(ctx.database.db, user.userId, rows, Date.now());
    const stored = await ctx.database.db
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('category_id', '=', shop.id)
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .execute();
    shopIds = stored.map((r) => r.id);

    const conversions = Array.from({ length: CONVERSIONS }, (_, i) => {
      const time = BASE + Math.floor(i / 2) * MINUTE;
      return {
        user_id: user.userId,
        ...conversionColumns({
          fromAmount: 100,
          fromCurrency: 'EUR',
          toAmount: 110,
          toCurrency: 'USD',
          description: `c${i}`,
          time,
          day: utcDayOf(time),
        }),
        created_at: 0,
        updated_at: 0,
      };
    });
    for (let i = 0; i < conversions.length; i += BATCH)
      await ctx.database.db
        .insertInto('conversions')
        .values(conversions.slice(i, i + BATCH))
        .execute();
    // Fixpoints hold one instant each; their states do not matter to the list.
    const fixpoints = Array.from({ length: FIXPOINTS }, (_, i) => ({
      user_id: user.userId,
      time: BASE + i * MINUTE,
      created_at: 0,
    }));
    for (let i = 0; i < fixpoints.length; i += BATCH)
      await ctx.database.db
        .insertInto('fixpoints')
        .values(fixpoints.slice(i, i + BATCH))
        .execute();
  }, 120_000);

  it('getallincat without paging answers the newest MAX_LIST_ROWS rows and says there are more', async () => {
    const first = page(await client.get(`/api/transaction/getallincat/${shop.id}`));
    expect(first.rows).toHaveLength(MAX_LIST_ROWS);
    expect(first.more).toBe(true);
    expect(first.rows.map((r) => r.id)).toEqual(shopIds.slice(0, MAX_LIST_ROWS));
    expect(first.rows.every((r) => r.categoryId === shop.id)).toBe(true);

    // A category that fits in one page comes back whole, without the header.
    const loanRows = page(await client.get(`/api/transaction/getallincat/${loan.id}`));
    expect(loanRows.rows).toHaveLength(IN_LOAN);
    expect(loanRows.more).toBe(false);
    expectNewestFirst(loanRows.rows);
  });

  it('getallincat pages by limit, afterTime and afterId without gaps or repeats', async () => {
    const limit = 700;
    const { rows, sizes } = await walk((after) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (after !== undefined) {
        query.set('afterTime', after.time);
        query.set('afterId', String(after.id));
      }
      return client.get(`/api/transaction/getallincat/${shop.id}?${query.toString()}`);
    }, limit);
    expect(sizes).toEqual(sizesOf(IN_SHOP, limit));
    expectNewestFirst(rows);
    expect(rows.map((r) => r.id)).toEqual(shopIds);

    // The page after a row in the middle of a minute continues inside that minute.
    const tie = rows[300] as Row;
    expect(Date.parse((rows[301] as Row).time)).toBe(Date.parse(tie.time));
    const after = page(
      await client.get(
        `/api/transaction/getallincat/${shop.id}?limit=2&afterTime=${encodeURIComponent(tie.time)}&afterId=${tie.id}`,
      ),
    );
    expect(after.rows.map((r) => r.id)).toEqual(shopIds.slice(301, 303));
    expect(after.more).toBe(true);
  });

  it('getallincat answers 400 naming the paging parameter', async () => {
    const url = `/api/transaction/getallincat/${shop.id}`;
    const last = shopIds[0] as number;
    const cases: [string, string][] = [
      ['limit=0', 'limit: must be an integer from 1 to 5000'],
      [`limit=${MAX_LIST_ROWS + 1}`, 'limit: must be an integer from 1 to 5000'],
      ['limit=ten', 'limit:'],
      ['limit=1.5', 'limit:'],
      ['limit=', 'limit:'],
      [`afterId=${last}`, 'afterTime: is required with afterId'],
      ['afterTime=2024-01-01T00:00:00Z', 'afterId: is required with afterTime'],
      [`afterTime=yesterday&afterId=${last}`, 'afterTime: must be an ISO 8601 date-time'],
      ['afterTime=0202-01-01T00:00:00Z&afterId=1', 'afterTime: must be between 1900-01-01 and 2199-12-31'],
      ['afterTime=2024-01-01T00:00:00Z&afterId=-1', 'afterId: must be a positive integer id'],
      ['afterTime=2024-01-01T00:00:00Z&afterId=2147483648', 'afterId: must be a positive integer id'],
    ];
    for (const [query, message] of cases) expectError(await client.get(`${url}?${query}`), 400, message);
    expectError(await client.get('/api/transaction/getallincat/abc?limit=1'), 400, 'id:');
  });

  it('getfiltered without limit answers the newest MAX_LIST_ROWS rows; after pages on', async () => {
    const all = IN_SHOP + IN_LOAN;
    const first = page(await client.post('/api/transaction/getfiltered', {}));
    expect(first.rows).toHaveLength(MAX_LIST_ROWS);
    expect(first.more).toBe(true);
    expectNewestFirst(first.rows);
    const tail = first.rows.at(-1) as Row;
    const rest = page(await client.post('/api/transaction/getfiltered', { after: { time: tail.time, id: tail.id } }));
    expect(rest.rows).toHaveLength(all - MAX_LIST_ROWS);
    expect(rest.more).toBe(false);
    expectNewestFirst([...first.rows, ...rest.rows]);

    const limit = 1234;
    const { rows, sizes } = await walk(
      (after) =>
        client.post('/api/transaction/getfiltered', {
          limit,
          ...(after === undefined ? {} : { after: { time: after.time, id: after.id } }),
        }),
      limit,
    );
    expect(sizes).toEqual(sizesOf(all, limit));
    expect(rows.map((r) => r.id)).toEqual([...first.rows, ...rest.rows].map((r) => r.id));

    // A narrower filter that fits in one page comes back whole.
    const loans = page(await client.post('/api/transaction/getfiltered', { categoryIds: [loan.id] }));
    expect(loans.rows).toHaveLength(IN_LOAN);
    expect(loans.more).toBe(false);

    expectError(await client.post('/api/transaction/getfiltered', { limit: MAX_LIST_ROWS + 1 }), 400, 'limit:');
    expectError(await client.post('/api/transaction/getfiltered', { after: { time: tail.time } }), 400, 'after.id:');
  });

  for (const [list, total] of [
    ['conversion', CONVERSIONS],
    ['fixpoint', FIXPOINTS],
  ] as const) {
    it(`${list}/getbetween answers at most MAX_LIST_ROWS rows and pages by limit and after`, async () => {
      const url = `/api/${list}/getbetween`;
      const interval = { start: '2000-01-01T00:00:00Z', end: '2100-01-01T00:00:00Z' };
      const first = page(await client.post(url, interval));
      expect(first.rows).toHaveLength(MAX_LIST_ROWS);
      expect(first.more).toBe(true);
      expectNewestFirst(first.rows);

      const limit = 999;
      const { rows, sizes } = await walk(
        (after) =>
          client.post(url, {
            ...interval,
            limit,
            ...(after === undefined ? {} : { after: { time: after.time, id: after.id } }),
          }),
        limit,
      );
      expect(sizes).toEqual(sizesOf(total, limit));
      expectNewestFirst(rows);
      expect(new Set(rows.map((r) => r.id)).size).toBe(total);
      expect(rows.slice(0, MAX_LIST_ROWS)).toEqual(first.rows);

      // The interval still bounds every page: its first hour holds the oldest rows only.
      const hour = { start: new Date(BASE).toISOString(), end: new Date(BASE + 60 * MINUTE - 1).toISOString() };
      const early = page(await client.post(url, { ...hour, limit: 5000 }));
      expect(early.more).toBe(false);
      expect(early.rows).toEqual(rows.filter((r) => Date.parse(r.time) < BASE + 60 * MINUTE));

      expectError(await client.post(url, { ...interval, limit: 0 }), 400, 'limit: must be an integer from 1 to 5000');
      expectError(await client.post(url, { ...interval, limit: MAX_LIST_ROWS + 1 }), 400, 'limit:');
      expectError(await client.post(url, { ...interval, limit: '10' }), 400, 'limit:');
      expectError(await client.post(url, { ...interval, after: { time: 'soon', id: 1 } }), 400, 'after.time:');
      expectError(await client.post(url, { ...interval, after: { time: interval.start, id: 0 } }), 400, 'after.id:');
      expectError(
        await client.post(url, { start: interval.end, end: interval.start }),
        400,
        'start: start must not be after end',
      );
    });
  }
});
