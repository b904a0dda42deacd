import { majorToMinor, utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { CategoriesService } from '../categories/service.js';
import { ConversionsService } from '../conversions/service.js';
import { FixpointsService } from '../fixpoints/service.js';
import { bulkLoadTransactions } from '../ledger/bulk-load.js';
import { LedgerReader } from '../ledger/reader.js';
import type { TransactionRow } from '../ledger/rows.js';
import { PocketsService } from '../pockets/service.js';
import { UsersRepository } from '../users/repository.js';
import { UsersService } from '../account/complete-user.js';
import { prng } from '../../util/prng.js';

const DAY = 86_400_000;

const minorOf = (code: string, major: number) => Number(majorToMinor(major, code));

/**
 * Rebuilds the demo user from scratch: three years of a plausible life in EUR, USD and HUF —
 * salary, rent, groceries, travel, a loan to a friend, a car loan, a side shop and a crypto
 * punt, quarterly conversions and fixpoints. Deleting the user removes all their rows (cascade).
 */
export async function resetDemo(
  db: Kysely<DB>,
  demo: { email: string; password: string },
  now: number,
): Promise<number> {
  const existing = await new UsersRepository(db).findByEmail(demo.email);
  if (existing !== undefined) await db.deleteFrom('users').where('id', '=', existing.id).execute();
  const user = await new UsersService(db, () => now).createComplete({
    email: demo.email,
    password: demo.password,
    firstName: 'Demo',
    lastName: 'User',
    mainCurrency: 'EUR',
    role: 'DEMO',
  });
  for (const code of ['USD', 'HUF'])
    await new PocketsService(db, () => now).addCurrency(user.id, { currency: code, items: [] });
  await new PocketsService(db, () => now).add(user.id, { name: 'Wallet', currency: 'EUR', isCash: true });

  const categories = new CategoriesService(db, () => now);
  const add = async (name: string, type: 'real' | 'loan' | 'business', isIncome: boolean | null) =>
    (
      await categories.add(user.id, 'EUR', {
        name,
        type,
        isIncome,
        description: '',
        isActive: true,
        monthlyLimit: null,
        rollover: false,
      })
    ).id;
  const c = {
    salary: await add('Salary', 'real', true),
    freelance: await add('Freelance', 'real', true),
    rent: await add('Rent', 'real', false),
    groceries: await add('Groceries', 'real', false),
    eatingOut: await add('Eating out', 'real', false),
    transport: await add('Transport', 'real', false),
    utilities: await add('Utilities', 'real', false),
    travel: await add('Travel', 'real', false),
    anna: await add('Loan to Anna', 'loan', null),
    car: await add('Car loan', 'loan', null),
    shop: await add('Side shop', 'business', null),
    crypto: await add('Crypto', 'business', null),
  };

  // Seeded: the demo looks the same after every reset.
  const random = prng(2026);
  const end = now - DAY;
  const start = end - 3 * 365 * DAY;
  const rows: Omit<TransactionRow, 'id'>[] = [];
  const tx = (
    time: number,
    categoryId: number,
    kind: TransactionRow['kind'],
    isIncome: boolean,
    currency: string,
    major: number,
    description: string,
    businessType: TransactionRow['businessType'] = null,
  ) => {
    rows.push({
      categoryId,
      kind,
      businessType,
      isIncome,
      amount: Math.max(1, minorOf(currency, major)),
      currency,
      description,
      time,
      day: utcDayOf(time),
    });
  };
  for (let t = start; t < end; t += DAY) {
    const date = new Date(t);
    const dom = date.getUTCDate();
    const at = (hour: number) => t + hour * 3_600_000 + random(3_600_000);
    if (dom === 1) {
      tx(at(9), c.salary, 'real', true, 'EUR', 3200 + random(400), 'Monthly salary');
      tx(at(10), c.rent, 'real', false, 'EUR', 1150, 'Rent');
      tx(at(11), c.utilities, 'real', false, 'EUR', 80 + random(60), 'Electricity and internet');
    }
    if (dom === 15 && random(3) === 0)
      tx(at(14), c.freelance, 'real', true, 'USD', 400 + random(900), 'Freelance invoice');
    if (random(7) < 2) tx(at(18), c.groceries, 'real', false, 'EUR', 20 + random(90), 'Supermarket');
    if (random(5) === 0) {
      // One draw decides both: a forint amount must not land in euros.
      const inBudapest = random(4) === 0;
      tx(
        at(20),
        c.eatingOut,
        'real',
        false,
        inBudapest ? 'HUF' : 'EUR',
        inBudapest ? 6000 + random(9000) : 15 + random(50),
        'Dinner',
      );
    }
    if (random(4) === 0) tx(at(8), c.transport, 'real', false, 'EUR', 3 + random(40), 'Tickets and fuel');
    if (dom === 20 && (date.getUTCMonth() === 6 || date.getUTCMonth() === 11))
      tx(at(12), c.travel, 'real', false, 'HUF', 150_000 + random(200_000), 'Holiday in Budapest');
    if (dom === 5 && date.getUTCMonth() % 6 === 0)
      tx(at(16), c.anna, 'loan', false, 'EUR', 300 + random(300), 'Lent to Anna');
    if (dom === 25 && date.getUTCMonth() % 4 === 1)
      tx(at(16), c.anna, 'loan', true, 'EUR', 150 + random(150), 'Anna paid back');
    // The car loan: borrowed at the start, repaid monthly.
    if (dom === 10) {
      const first = !rows.some((r) => r.categoryId === c.car);
      tx(
        at(9),
        c.car,
        'loan',
        first,
        'EUR',
        first ? 12000 : 360,
        first ? 'Car loan from the bank' : 'Car loan instalment',
      );
    }
    if (dom === 12 && random(2) === 0)
      tx(at(13), c.shop, 'business', false, 'EUR', 200 + random(500), 'Stock for the shop', 'invest');
    if (dom === 28) tx(at(13), c.shop, 'business', true, 'EUR', 150 + random(600), 'Shop sales', 'pnl');
    if (dom === 3 && date.getUTCMonth() % 3 === 0)
      tx(at(21), c.crypto, 'business', false, 'USD', 250 + random(250), 'Bought crypto', 'invest');
  }
  rows.push({
    categoryId: c.crypto,
    kind: 'business',
    businessType: 'realize',
    isIncome: true,
    amount: minorOf('USD', 420),
    currency: 'USD',
    description: 'Crypto gains realised',
    time: end - 40 * DAY,
    day: utcDayOf(end - 40 * DAY),
  });
  await bulkLoadTransactions(db, user.id, rows, now);

  const conversions = new ConversionsService(db, () => now);
  for (let t = start + 30 * DAY; t < end; t += 91 * DAY) {
    await conversions.add(user.id, {
      fromAmount: '300',
      fromCurrency: 'EUR',
      toAmount: String(112_000 + random(8000)),
      toCurrency: 'HUF',
      description: 'Cash for Budapest',
      time: t,
    });
    await conversions.add(user.id, {
      fromAmount: String(500 + random(300)),
      fromCurrency: 'USD',
      toAmount: String(430 + random(250)),
      toCurrency: 'EUR',
      description: 'Freelance dollars home',
      time: t + 5 * DAY,
    });
  }

  // Quarterly fixpoints: the calculated balance, off by a little (a forgotten coffee).
  const fixpoints = new FixpointsService(db, new LedgerReader(db), () => now);
  const pockets = await new PocketsService(db).list(user.id);
  for (let t = start + 60 * DAY; t < end; t += 91 * DAY) {
    const errors = await fixpoints.calcError(
      user.id,
      pockets.map((p) => ({ pocketId: p.pocketId, balance: 0 })),
      t,
    );
    const calculated = new Map(errors.map((e) => [e.currency, e.calculated]));
    const balances = pockets.map((p) => {
      const first = pockets.find((q) => q.currency === p.currency)?.pocketId === p.pocketId;
      const target = first ? (calculated.get(p.currency) ?? 0) - (p.currency === 'EUR' ? random(30) : 0) : 0;
      return { pocketId: p.pocketId, balance: target.toFixed(p.currency === 'JPY' ? 0 : 2) };
    });
    await fixpoints.set(user.id, balances, t);
  }
  return user.id;
}
