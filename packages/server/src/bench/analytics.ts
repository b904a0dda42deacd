import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { currencyInfo, utcDayOf } from '@kassa/money';
import type { DatabaseTarget } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AnalyticsService } from '../modules/analytics/service.js';
import { CategoriesService } from '../modules/categories/service.js';
import { FixpointsService } from '../modules/fixpoints/service.js';
import { bulkLoadTransactions } from '../modules/ledger/bulk-load.js';
import { LedgerReader } from '../modules/ledger/reader.js';
import type { TransactionRow } from '../modules/ledger/rows.js';
import { PocketsService } from '../modules/pockets/service.js';
import { bundledRates } from '../modules/rates/bundle.js';
import { RatesRepository } from '../modules/rates/repository.js';
import { RatesService } from '../modules/rates/service.js';
import { TransactionsService } from '../modules/transactions/service.js';
import { UsersService } from '../modules/account/complete-user.js';
import { formatFigures, measure } from './measure.js';
import { prng } from '../util/prng.js';

const DAY = 86_400_000;
const CODES = ['EUR', 'USD', 'GBP', 'HUF', 'JPY', 'CHF', 'PLN', 'SEK'];

/** A heavy user: 100,000 transactions over 10 years in 8 currencies, 60 fixpoints, 20 loans, 10 businesses. */
async function seed(
  database: Database,
): Promise<{ owner: { id: number; mainCurrency: string }; end: number; services: ReturnType<typeof services> }> {
  const db = database.db;
  const end = Date.UTC(2026, 9, 31);
  const start = end - 3652 * DAY;
  const user = await new UsersService(db).createComplete({
    email: 'heavy@example.com',
    password: 'bench-password-1',
    mainCurrency: 'EUR',
  });
  const owner = { id: user.id, mainCurrency: 'EUR' };
  for (const code of CODES.slice(1)) await new PocketsService(db).addCurrency(user.id, { currency: code, items: [] });
  const categories = new CategoriesService(db);
  const real: { id: number; isIncome: boolean }[] = [];
  for (let i = 0; i < 20; i++) {
    const isIncome = i < 5;
    real.push({
      id: (
        await categories.add(user.id, 'EUR', {
          name: `Real ${i}`,
          type: 'real',
          isIncome,
          description: '',
          isActive: true,
          monthlyLimit: null,
        })
      ).id,
      isIncome,
    });
  }
  const loans: number[] = [];
  for (let i = 0; i < 20; i++)
    loans.push(
      (
        await categories.add(user.id, 'EUR', {
          name: `Loan ${i}`,
          type: 'loan',
          description: '',
          isActive: true,
          monthlyLimit: null,
        })
      ).id,
    );
  const businesses: number[] = [];
  for (let i = 0; i < 10; i++)
    businesses.push(
      (
        await categories.add(user.id, 'EUR', {
          name: `Business ${i}`,
          type: 'business',
          description: '',
          isActive: true,
          monthlyLimit: null,
        })
      ).id,
    );

  const random = prng(7);
  const rows: Omit<TransactionRow, 'id'>[] = [];
  for (let i = 0; i < 100_000; i++) {
    const time = start + random(3652 * 24 * 60) * 60_000;
    const currency = CODES[random(CODES.length)] ?? 'EUR';
    const decimals = currencyInfo(currency).decimals;
    const amount = (1 + random(200_000)) * (decimals === 0 ? 1 : 1);
    const pick = random(100);
    let row: Omit<TransactionRow, 'id'>;
    if (pick < 80) {
      const c = real[random(real.length)] ?? { id: 0, isIncome: false };
      row = {
        categoryId: c.id,
        kind: 'real',
        businessType: null,
        isIncome: c.isIncome,
        amount,
        currency,
        description: `t${i}`,
        time,
        day: utcDayOf(time),
      };
    } else if (pick < 90) {
      row = {
        categoryId: loans[random(loans.length)] ?? 0,
        kind: 'loan',
        businessType: null,
        isIncome: random(2) === 1,
        amount,
        currency,
        description: `t${i}`,
        time,
        day: utcDayOf(time),
      };
    } else {
      const type = (['invest', 'pnl', 'realize'] as const)[random(3)] ?? 'invest';
      row = {
        categoryId: businesses[random(businesses.length)] ?? 0,
        kind: 'business',
        businessType: type,
        isIncome: random(2) === 1,
        amount,
        currency,
        description: `t${i}`,
        time,
        day: utcDayOf(time),
      };
    }
    rows.push(row);
  }
  await bulkLoadTransactions(db, user.id, rows, Date.now());

  const fixpoints = new FixpointsService(db, new LedgerReader(db));
  const pockets = await new PocketsService(db).list(user.id);
  for (let f = 0; f < 60; f++) {
    const time = start + Math.floor(((f + 1) * 3652 * DAY) / 61);
    await fixpoints.set(
      user.id,
      pockets.map((p) => ({ pocketId: p.pocketId, balance: random(1_000_000) })),
      time,
    );
  }
  return { owner, end, services: services(database) };
}

function services(database: Database) {
  const db = database.db;
  const rates = new RatesService(new RatesRepository(db), bundledRates());
  const categories = new CategoriesService(db);
  const ledger = new LedgerReader(db);
  return {
    analytics: new AnalyticsService(db, ledger, rates),
    transactions: new TransactionsService(db, categories, rates, ledger),
    categories,
  };
}

/** Runs the analytics benchmark on one database; returns the lines to print. */
async function benchOn(label: string, target: DatabaseTarget, pgSchema?: string): Promise<string[]> {
  const database = openDatabase(target, pgSchema === undefined ? {} : { pgSchema });
  try {
    await migrateToLatest(database.db);
    const seedStart = performance.now();
    const { owner, end, services: s } = await seed(database);
    const lines = [
      `Analytics on ${label}: 100,000 transactions, 10 years, 8 currencies, 60 fixpoints, 20 loans, 10 businesses (seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`,
    ];
    const month = { start: end - 30 * DAY, end };
    const year = { start: end - 365 * DAY, end };
    const tenYears = { start: end - 3652 * DAY + DAY, end };
    const income = (await s.categories.list(owner.id, 'EUR', { type: 'real', isIncome: true }))[0]?.id ?? 0;
    let i = 0;
    const runs = [
      await measure('balances (today)', 50, () => s.analytics.balances(owner, end), 5),
      await measure('holdings (today)', 50, () => s.analytics.holdings(owner, end), 5),
      await measure('cashflow (1 month)', 50, () => s.analytics.cashflow(owner, month.start, month.end), 5),
      await measure('cashflow (1 year)', 30, () => s.analytics.cashflow(owner, year.start, year.end), 3),
      await measure(
        'oneperiod (1 year, expenses)',
        30,
        () => s.analytics.onePeriod(owner, year.start, year.end, false),
        3,
      ),
      await measure(
        'multiperiod (1 year, expenses)',
        30,
        () => s.analytics.multiPeriod(owner, year.start, year.end, false),
        3,
      ),
      await measure('balance-history (1 year)', 20, () => s.analytics.balanceHistory(owner, year.start, year.end), 2),
      await measure(
        'balance-history (10 years)',
        10,
        () => s.analytics.balanceHistory(owner, tenYears.start, tenYears.end),
        1,
      ),
      await measure('transaction/add', 200, () =>
        s.transactions.add(owner, {
          amount: '12.34',
          currency: 'USD',
          categoryId: income,
          description: `bench ${i++}`,
          time: end - 5 * DAY,
          isIncome: null,
          type: null,
        }),
      ),
    ];
    for (const r of runs) lines.push(formatFigures(r));
    return lines;
  } finally {
    await database.close();
  }
}

/** The heavy-user analytics benchmark on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set. */
export async function benchAnalytics(pgUrl: string | undefined): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-bench-analytics-'));
  try {
    const lines = await benchOn('SQLite', { kind: 'sqlite', file: path.join(dir, 'heavy.db') });
    if (pgUrl !== undefined && pgUrl !== '') {
      const pg = await import('pg');
      const schema = `bench_${Date.now()}`;
      const admin = new pg.default.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      try {
        lines.push(...(await benchOn('PostgreSQL', { kind: 'postgres', url: pgUrl }, schema)));
      } finally {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    }
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
