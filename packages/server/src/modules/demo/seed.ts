import type { ConversionInput } from '@kassa/contract';
import { decimalsOf, minorToMajor, utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { CategoriesService } from '../categories/service.js';
import { ConversionsService } from '../conversions/service.js';
import { FixpointsService } from '../fixpoints/service.js';
import { LedgerWriter } from '../ledger/index.js';
import { LedgerReader } from '../ledger/index.js';
import type { TransactionRow } from '../ledger/index.js';
import { PocketsService } from '../pockets/service.js';
import { RulesService } from '../rules/service.js';
import { UsersRepository, type User } from '../users/repository.js';
import { UsersService } from '../account/complete-user.js';
import { addDemoSchedules, minorOf } from './seed-schedules.js';
import { breather } from '../../util/breathe.js';
import { prng } from '../../util/prng.js';

const DAY = 86_400_000;

/** A day of the demo's history: its start instant and calendar fields (UTC, as every day of the books). */
interface Day {
  t: number;
  dom: number;
  month: number;
  weekday: number;
  /** Months since the demo's first month. */
  index: number;
}

/**
 * Rebuilds a demo user under a fixed e-mail from scratch (tests): deletes the one there is, with
 * all their rows, and makes it again with the sample books. Visitors of "Try the demo" get a user
 * of their own instead (DemoService).
 */
export async function resetDemo(
  db: Kysely<DB>,
  demo: { email: string; password: string },
  now: number,
): Promise<number> {
  const existing = await new UsersRepository(db).findByEmail(demo.email);
  if (existing !== undefined) await db.deleteFrom('users').where('id', '=', existing.id).execute();
  const user = await createDemoUser(db, demo, now);
  await seedDemoBooks(db, user.id, now);
  return user.id;
}

/**
 * A demo user (role DEMO, registration complete, main currency EUR) without books yet; a
 * visitor's carries when the demo cleanup deletes it.
 */
export function createDemoUser(
  db: Kysely<DB>,
  account: { email: string; password: string; demoExpiresAt?: number },
  now: number,
): Promise<User> {
  const { demoExpiresAt, ...login } = account;
  return new UsersService(db, () => now).createComplete(
    { ...login, firstName: 'Demo', lastName: 'User', mainCurrency: 'EUR', role: 'DEMO' },
    demoExpiresAt === undefined ? {} : { demoExpiresAt },
  );
}

/**
 * The demo's sample books for a new demo user: a believable household over the last 18 months,
 * ending `now`, in EUR (main), USD and HUF. A salary and rent in euros, everyday spending, dollar
 * invoices of a freelance client brought home every quarter, forints bought before each visit
 * to the family in Budapest, a loan to a friend repaid in instalments and a newer one still
 * open, a small pottery studio run on the side, and fixpoints every quarter off by a coffee or
 * two. The balances are followed while the rows are drawn, so no currency ever goes below its
 * cushion: every pocket holds money today. The household's regular entries go on as scheduled
 * entries from tomorrow, so the dashboard's Upcoming card has the next month's salary, rent and
 * bills. The transactions go in one bulk load; deleting the user removes all their rows (cascade).
 */
export async function seedDemoBooks(db: Kysely<DB>, userId: number, now: number): Promise<void> {
  const user = { id: userId };
  // SQLite answers synchronously, so awaited writes alone never let another request in: the
  // seeding gives the event loop a turn every 10 ms (a visitor's demo login must not stall others).
  const pace = breather();
  for (const code of ['USD', 'HUF']) {
    await new PocketsService(db, () => now).addCurrency(user.id, { currency: code, items: [] });
    await pace.maybe();
  }
  await new PocketsService(db, () => now).add(user.id, { name: 'Wallet', currency: 'EUR', isCash: true });

  const categories = new CategoriesService(db, () => now);
  const add = async (
    name: string,
    type: 'real' | 'loan' | 'business',
    isIncome: boolean | null,
    monthlyLimit: number | null = null,
    description = '',
  ) => {
    const { id } = await categories.add(user.id, 'EUR', {
      name,
      type,
      isIncome,
      description,
      isActive: true,
      monthlyLimit,
      rollover: false,
    });
    await pace.maybe();
    return id;
  };
  const c = {
    salary: await add('Salary', 'real', true),
    freelance: await add('Freelance', 'real', true),
    rent: await add('Rent', 'real', false),
    groceries: await add('Groceries', 'real', false, 450),
    diningOut: await add('Dining out', 'real', false, 180),
    transport: await add('Transport', 'real', false, 120),
    utilities: await add('Utilities', 'real', false),
    health: await add('Health', 'real', false),
    subscriptions: await add('Subscriptions', 'real', false),
    travel: await add('Travel', 'real', false),
    gifts: await add('Gifts', 'real', false),
    anna: await add('Loan to Anna', 'loan', null, null, 'For her flat deposit; she pays back 300 a month'),
    bence: await add('Loan to Bence', 'loan', null, null, 'Lent for his new laptop'),
    studio: await add('Pottery studio', 'business', null, null, 'Weekend ceramics sold at markets and online'),
  };

  const untracked =
    (await categories.list(user.id, 'EUR', { type: 'external' })).find((x) => x.name === 'Untracked accounts')?.id ?? 0;

  // Seeded: every demo user made on the same day gets the same books.
  const random = prng(2026);
  const today = Math.floor(now / DAY) * DAY;
  const first = new Date(today);
  // The first day of the month 17 months back: 18 months of history, this one included.
  const start = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - 17, 1);
  const rows: Omit<TransactionRow, 'id'>[] = [];
  const conversionsToAdd: ConversionInput[] = [];
  // Each currency's cash as the rows are drawn, in minor units (fixpoint errors included).
  const cash = new Map<string, number>([
    ['EUR', minorOf('EUR', 4200)],
    ['USD', minorOf('USD', 900)],
    ['HUF', minorOf('HUF', 60_000)],
  ]);
  const opening = new Map(cash);
  const move = (currency: string, minor: number) => cash.set(currency, (cash.get(currency) ?? 0) + minor);
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
    // Nothing in the future: the history ends now.
    if (time >= now) return;
    const amount = Math.max(1, minorOf(currency, major));
    // Realisation moves no cash; every other row does.
    if (businessType !== 'realize') move(currency, isIncome ? amount : -amount);
    rows.push({ categoryId, kind, businessType, isIncome, amount, currency, description, time, day: utcDayOf(time) });
  };
  const convert = (time: number, from: string, fromMajor: number, to: string, toMajor: number, description: string) => {
    if (time >= now) return;
    move(from, -minorOf(from, fromMajor));
    move(to, minorOf(to, toMajor));
    conversionsToAdd.push({
      fromAmount: String(fromMajor),
      fromCurrency: from,
      toAmount: String(toMajor),
      toCurrency: to,
      description,
      time,
    });
  };
  /** Forints bought before a forint expense would leave less than the cushion. */
  const ensureForints = (time: number, needMajor: number) => {
    const cushion = minorOf('HUF', 25_000);
    if ((cash.get('HUF') ?? 0) - minorOf('HUF', needMajor) >= cushion) return;
    const euros = 200 * Math.ceil((needMajor + 40_000) / 400 / 200);
    convert(time - 2 * 3_600_000, 'EUR', euros, 'HUF', Math.round(euros * (392 + random(14))), 'Forints for Budapest');
  };
  const days: Day[] = [];
  for (let t = start; t < now; t += DAY) {
    const d = new Date(t);
    days.push({
      t,
      dom: d.getUTCDate(),
      month: d.getUTCMonth(),
      weekday: d.getUTCDay(),
      index:
        (d.getUTCFullYear() - new Date(start).getUTCFullYear()) * 12 + d.getUTCMonth() - new Date(start).getUTCMonth(),
    });
  }
  const at = (day: Day, hour: number) => day.t + hour * 3_600_000 + random(3_600_000);
  for (const day of days) {
    const { dom, weekday, index } = day;
    // Pay day: a raise after the first year.
    if (dom === 1) tx(at(day, 8), c.salary, 'real', true, 'EUR', index < 12 ? 3450 : 3620, 'Monthly salary');
    if (dom === 2) tx(at(day, 9), c.rent, 'real', false, 'EUR', 1150, 'Rent for the flat');
    if (dom === 5) tx(at(day, 10), c.utilities, 'real', false, 'EUR', 85 + random(70), 'Electricity and heating');
    if (dom === 8) tx(at(day, 10), c.utilities, 'real', false, 'EUR', 39.9, 'Internet and phone');
    if (dom === 3) tx(at(day, 7), c.transport, 'real', false, 'EUR', 49, 'Monthly transit pass');
    if (dom === 12) tx(at(day, 12), c.subscriptions, 'real', false, 'USD', 15.99, 'Music streaming');
    if (dom === 20) tx(at(day, 12), c.subscriptions, 'real', false, 'USD', 10, 'Cloud storage');
    // Groceries twice a week, a bigger shop on Saturdays.
    if (weekday === 6) tx(at(day, 10), c.groceries, 'real', false, 'EUR', 55 + random(55), 'Weekly shop');
    if (weekday === 3) tx(at(day, 18), c.groceries, 'real', false, 'EUR', 12 + random(25), 'Bakery and greens');
    if ((weekday === 5 || weekday === 6) && random(3) === 0)
      tx(at(day, 19), c.diningOut, 'real', false, 'EUR', 24 + random(46), 'Dinner out');
    if (weekday >= 1 && weekday <= 5 && random(6) === 0)
      tx(at(day, 12), c.diningOut, 'real', false, 'EUR', 9 + random(8), 'Lunch near the office');
    if (random(14) === 0) tx(at(day, 17), c.transport, 'real', false, 'EUR', 18 + random(30), 'Taxi and train tickets');
    if (random(30) === 0) tx(at(day, 11), c.health, 'real', false, 'EUR', 15 + random(60), 'Pharmacy');
    if (dom === 14 && index % 6 === 2) tx(at(day, 9), c.health, 'real', false, 'EUR', 90, 'Dentist check-up');
    // A dollar client pays most months.
    if (dom === 16 && random(5) !== 0)
      tx(at(day, 15), c.freelance, 'real', true, 'USD', 700 + 50 * random(14), 'Invoice paid by Northwind Inc.');
    // Half of the dollars above a 2,000 cushion come home each quarter; the rest stays saved in dollars.
    if (dom === 22 && index % 3 === 2) {
      const spare = Math.floor(((cash.get('USD') ?? 0) - minorOf('USD', 2000)) / 2 / 100 / 100) * 100;
      if (spare >= 300)
        convert(at(day, 11), 'USD', spare, 'EUR', Math.round(spare * (0.88 + random(6) / 100)), 'Dollars home');
    }
    // The family in Budapest: a visit in summer and at Christmas, a present in between.
    if (dom === 18 && (day.month === 6 || day.month === 11)) {
      const trip = 120_000 + 1000 * random(80);
      ensureForints(at(day, 8), trip + 30_000);
      tx(at(day, 12), c.travel, 'real', false, 'HUF', trip, 'Family visit in Budapest');
      tx(at(day, 20), c.diningOut, 'real', false, 'HUF', 14_000 + 500 * random(30), 'Dinner with the family');
    }
    if (dom === 27 && index % 4 === 1) {
      const gift = 15_000 + 1000 * random(15);
      ensureForints(at(day, 8), gift);
      tx(at(day, 13), c.gifts, 'real', false, 'HUF', gift, 'Present for Mum');
    }
    if (dom === 10) tx(at(day, 9), c.subscriptions, 'real', false, 'HUF', 4990, 'Hungarian phone number');
    // Savings: a forint account for a flat in Budapest one day, and the pension fund Kassa does not track.
    if (dom === 4 && index % 2 === 0)
      convert(at(day, 10), 'EUR', 300, 'HUF', 300 * (390 + random(16)), 'Savings for a Budapest flat');
    if (dom === 2) tx(at(day, 11), untracked, 'external', false, 'EUR', 400, 'To the pension fund');
    // The pottery studio: a kiln and tools first, then market sales and clay.
    if (index === 1 && dom === 6) tx(at(day, 11), c.studio, 'business', false, 'EUR', 1800, 'Kiln and wheel', 'invest');
    if (index === 1 && dom === 7)
      tx(at(day, 11), c.studio, 'business', false, 'EUR', 240, 'Glazes and tools', 'invest');
    if (index >= 2 && weekday === 0 && day.dom <= 7)
      tx(at(day, 16), c.studio, 'business', true, 'EUR', 180 + 10 * random(30), 'Market stall sales', 'pnl');
    if (index >= 2 && dom === 15) tx(at(day, 10), c.studio, 'business', false, 'EUR', 60 + random(50), 'Clay', 'pnl');
    if (index >= 3 && dom === 24 && random(2) === 0)
      tx(at(day, 21), c.studio, 'business', true, 'EUR', 45 + random(120), 'Online shop order', 'pnl');
    if (index === 12 && dom === 2)
      tx(at(day, 9), c.studio, 'business', false, 'EUR', 600, 'First year of the kiln written off', 'realize');
    // Anna: 1,500 lent in the third month, paid back in five instalments.
    if (index === 2 && dom === 9) tx(at(day, 18), c.anna, 'loan', false, 'EUR', 1500, 'Lent to Anna for her deposit');
    if (index >= 3 && index <= 7 && dom === 28) tx(at(day, 19), c.anna, 'loan', true, 'EUR', 300, 'Anna paid back');
    // Bence: a newer loan, partly repaid.
    if (index === 14 && dom === 11) tx(at(day, 20), c.bence, 'loan', false, 'EUR', 800, 'Lent to Bence for a laptop');
    if (index >= 15 && dom === 25) tx(at(day, 19), c.bence, 'loan', true, 'EUR', 200, 'Bence paid back');
  }
  await pace.pause();
  await LedgerWriter.load(db, user.id, rows, now);
  await pace.pause();
  const conversions = new ConversionsService(db, () => now);
  for (const conversion of conversionsToAdd) {
    await conversions.add(user.id, conversion);
    await pace.maybe();
  }

  // Fixpoints: the opening balances on the first day, then every quarter the calculated balance
  // off by a little (a coffee in cash never written down, forints miscounted).
  const fixpoints = new FixpointsService(db, new LedgerReader(db), () => now);
  const pockets = await new PocketsService(db).list(user.id);
  const firstPocket = (p: { pocketId: number; currency: string }) =>
    pockets.find((q) => q.currency === p.currency)?.pocketId === p.pocketId;
  const major = (currency: string, minor: number) => String(minorToMajor(BigInt(minor), decimalsOf(currency)));
  await fixpoints.set(
    user.id,
    pockets.map((p) => ({
      pocketId: p.pocketId,
      balance: firstPocket(p) ? major(p.currency, opening.get(p.currency) ?? 0) : '0',
    })),
    start,
  );
  await pace.maybe();
  const checks: number[] = [];
  for (let month = 3; month < 18; month += 3)
    checks.push(Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth() + month, 1) - 3 * 3_600_000);
  // And a recent one, so the dashboard's stale-fixpoint warning stays away.
  checks.push(today - 5 * DAY + 20 * 3_600_000);
  for (const [n, t] of checks.entries()) {
    const month = 3 * (n + 1);
    if (t >= now || t <= (checks[n - 1] ?? start)) continue;
    const errors = await fixpoints.calcError(
      user.id,
      pockets.map((p) => ({ pocketId: p.pocketId, balance: 0 })),
      t,
    );
    await pace.maybe();
    const calculated = new Map(errors.map((e) => [e.currency, minorOf(e.currency, e.calculated)]));
    const off = new Map([
      ['EUR', -minorOf('EUR', 2 + random(14))],
      ['HUF', month === 9 ? -minorOf('HUF', 1500) : 0],
    ]);
    const balances = pockets.map((p) => {
      if (!firstPocket(p)) return { pocketId: p.pocketId, balance: '0' };
      const stated = (calculated.get(p.currency) ?? 0) + (off.get(p.currency) ?? 0);
      return { pocketId: p.pocketId, balance: major(p.currency, stated) };
    });
    await fixpoints.set(user.id, balances, t);
    await pace.maybe();
  }
  // What Bence still owes, in 200 instalments.
  const bence = rows
    .filter((r) => r.categoryId === c.bence)
    .reduce((owed, r) => owed + (r.isIncome ? -r.amount : r.amount), 0);
  await addDemoSchedules(db, user.id, c, Math.ceil(bence / minorOf('EUR', 200)), today + DAY, now);
  await pace.maybe();
  // Category rules come seeded: demo users may not add or change rules, and the Rules tab shows
  // both kinds.
  const rules = new RulesService(db, () => now);
  for (const rule of [
    { match: 'regex' as const, pattern: '^(rewe|lidl|aldi|edeka)\\b', categoryId: c.groceries },
    { match: 'contains' as const, pattern: 'Stadtwerke', categoryId: c.utilities },
    { match: 'regex' as const, pattern: 'spotify|netflix|icloud', categoryId: c.subscriptions },
  ]) {
    await rules.add(user.id, rule);
    await pace.maybe();
  }
}
