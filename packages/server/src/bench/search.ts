import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, type SearchResult } from '@kassa/contract';
import { utcDayOf } from '@kassa/money';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { DatabaseTarget } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { refreshStatistics } from '../db/statistics.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { LedgerWriter } from '../modules/ledger/index.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { prng } from '../util/prng.js';
import { formatFigures, measure } from './measure.js';
import { inFreshSchema } from './pg-schema.js';

const DAY = 86_400_000;
const CODES = ['EUR', 'USD', 'GBP', 'HUF', 'JPY', 'CHF', 'PLN', 'SEK'];
const CATEGORIES = ['Groceries', 'Rent', 'Restaurants', 'Transport', 'Health', 'Travel', 'Clothes', 'Utilities'];
// Bank-like descriptions: a few merchants make up most rows, a long tail is rare.
const MERCHANTS = [
  'REWE Markt',
  'Coffee at Café Central',
  'Amazon Marketplace',
  'Deutsche Bahn ticket',
  'Stadtwerke Strom',
  'Netflix subscription',
  'Shell Tankstelle',
  'Lidl Filiale',
  'Apotheke am Markt',
  'Uber trip',
  'Spotify',
  'IKEA Einrichtung',
  'Zahnarzt Dr. Weber',
  'Salary ACME GmbH',
  'Miete Wohnung',
  'Bakery Brotzeit',
];
type Row = Parameters<typeof LedgerWriter.load>[2][number];

/**
 * A heavy user of `count` transactions over ten years with bank-like descriptions (merchants,
 * card numbers), 8 currencies and categories, 2 % conversions beside them, and a neighbour of a
 * fifth the size sharing the index.
 */
export async function seedSearchBooks(database: Database, app: FastifyInstance, count: number): Promise<string> {
  const end = Date.UTC(2026, 9, 31);
  const start = end - 10 * 365.25 * DAY;
  const random = prng(11);
  const login = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      cookies: { [CSRF_COOKIE]: 'b'.repeat(43) },
      headers: { 'x-xsrf-token': 'b'.repeat(43) },
      payload: { email, password: 'bench-password-1' },
    });
    return res.json<{ token: string }>().token;
  };
  let token = '';
  for (const [email, rows] of [
    ['searcher@example.com', count],
    ['neighbour@example.com', Math.floor(count / 5)],
  ] as const) {
    const user = await new CompleteUserFactory(database.db).createComplete({
      email,
      password: 'bench-password-1',
      mainCurrency: 'EUR',
    });
    for (const code of CODES.slice(1))
      await database.db.insertInto('user_currencies').values({ user_id: user.id, code, last_used: 0 }).execute();
    const categoryIds: number[] = [];
    for (const name of CATEGORIES) {
      const row = await database.db
        .insertInto('categories')
        .values({
          user_id: user.id,
          name,
          type: 'real',
          description: '',
          is_income: 0,
          is_built_in: 0,
          is_active: 1,
          monthly_limit: null,
          last_used: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.push(row.id);
    }
    const minutes = Math.floor((end - start) / 60_000);
    const transactions: Row[] = [];
    for (let i = 0; i < rows; i++) {
      const time = start + random(minutes) * 60_000;
      // Skewed: the first merchants are the common ones.
      const merchant = MERCHANTS[Math.min(random(MERCHANTS.length), random(MERCHANTS.length))] ?? 'REWE';
      transactions.push({
        amount: 1 + random(200_000),
        currency: CODES[random(CODES.length)] ?? 'EUR',
        description: `${merchant} ${String(random(10_000)).padStart(4, '0')}`,
        time,
        day: utcDayOf(time),
        categoryId: categoryIds[random(categoryIds.length)] ?? 0,
        kind: 'real',
        businessType: null,
        isIncome: false,
      });
    }
    await LedgerWriter.load(database.db, user.id, transactions, Date.now());
    // Conversions go straight in: search reads only their rows, not the totals derived from them.
    const conversions = [];
    for (let i = 0; i < Math.floor(rows / 50); i++) {
      const time = start + random(minutes) * 60_000;
      conversions.push({
        user_id: user.id,
        from_amount: 1 + random(100_000),
        from_currency: 'EUR',
        to_amount: 1 + random(100_000),
        to_currency: CODES[1 + random(CODES.length - 1)] ?? 'USD',
        description: `Exchange office ${i}`,
        time,
        day: utcDayOf(time),
        created_at: 0,
        updated_at: 0,
      });
    }
    for (let i = 0; i < conversions.length; i += 500)
      await database.db
        .insertInto('conversions')
        .values(conversions.slice(i, i + 500))
        .execute();
    // As after an import commit (or autovacuum a minute later): the planner knows the new rows.
    await refreshStatistics(database.db, ['transactions', 'conversions']);
    if (email === 'searcher@example.com') token = await login(email);
  }
  return token;
}

/** Typical searches of the box, 50 rows a page as the web asks. */
const QUERIES = [
  'coffee',
  'amazon 2024',
  'zahnarzt weber',
  'groceries march',
  '12.50',
  '>1000 eur',
  '100..200 usd 2023',
  'march 2023',
  'exchange',
  'no such thing',
];

async function benchOn(label: string, target: DatabaseTarget, count: number, pgSchema?: string): Promise<string[]> {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
    const t = performance.now();
    const token = await seedSearchBooks(database, app, count);
    const seconds = ((performance.now() - t) / 1000).toFixed(1);
    const csrf = 'b'.repeat(43);
    const search = async (body: object) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/transaction/search',
        headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': csrf, 'content-type': 'application/json' },
        cookies: { [CSRF_COOKIE]: csrf },
        payload: JSON.stringify(body),
      });
      if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
      return res.json<SearchResult[]>();
    };
    const lines = [
      `Search, ${label}: ${count.toLocaleString('en')} transactions (+${(count / 5).toLocaleString('en')} of a neighbour) loaded in ${seconds} s; POST transaction/search, limit 50`,
    ];
    for (const q of QUERIES) {
      const found = (await search({ q, limit: 50 })).length;
      const figures = await measure(`"${q}" (${found} rows)`, 100, () => search({ q, limit: 50 }), 10);
      lines.push(formatFigures(figures));
    }
    // The tenth page of a common word: keyset paging starts where the last page ended.
    let after: object | undefined;
    for (let page = 0; page < 9; page++) {
      const rows = await search({ q: 'coffee', limit: 50, ...(after === undefined ? {} : { after }) });
      const last = rows.at(-1);
      if (last !== undefined) after = { time: last.time, id: last.id, kind: last.kind };
    }
    lines.push(
      formatFigures(
        await measure('"coffee", page 10 (after)', 100, () => search({ q: 'coffee', limit: 50, after }), 10),
      ),
    );
    await app.close();
    return lines;
  } finally {
    await database.close();
  }
}

/** Search figures of issue 20 on SQLite, and on PostgreSQL when `pgUrl` is set. */
export async function benchSearch(pgUrl: string | undefined, count: number): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-search-'));
  try {
    const lines = await benchOn('SQLite', { kind: 'sqlite', file: path.join(dir, 'search.db') }, count);
    if (pgUrl !== undefined && pgUrl !== '')
      lines.push(
        ...(await inFreshSchema(pgUrl, 'bench_search', (schema) =>
          benchOn('PostgreSQL', { kind: 'postgres', url: pgUrl }, count, schema),
        )),
      );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
