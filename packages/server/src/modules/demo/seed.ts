import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { CategoriesService } from '../categories/service.js';
import { ConversionsService } from '../conversions/service.js';
import { LedgerWriter } from '../ledger/index.js';
import { PocketsService } from '../pockets/service.js';
import { RulesService } from '../rules/service.js';
import { UsersRepository, type User } from '../users/repository.js';
import { CompleteUserFactory } from '../account/complete-user.js';
import { addDemoFixpoints } from './seed-fixpoints.js';
import { drawHistory, type DemoCategoryIds } from './seed-history.js';
import { addDemoHousehold, demoPartner, splitHousehold } from './seed-household.js';
import { addDemoSchedules, minorOf } from './seed-schedules.js';
import { breather, type Breather } from '../../util/breathe.js';
import { prng } from '../../util/prng.js';

const DAY = 86_400_000;

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
  return new CompleteUserFactory(db, () => now).createComplete(
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
  const c = await addDemoCategories(categories, user.id, pace);
  const untracked =
    (await categories.list(user.id, 'EUR', { type: 'external' })).find((x) => x.name === 'Untracked accounts')?.id ?? 0;

  // Seeded: every demo user made on the same day gets the same books.
  const random = prng(2026);
  const today = Math.floor(now / DAY) * DAY;
  const first = new Date(today);
  // The first day of the month 17 months back: 18 months of history, this one included.
  const start = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - 17, 1);
  const history = drawHistory({ c, untracked }, random, start, now);
  // A two-person household (issue 34): Sam shares the last four months' household costs.
  const people = { visitor: user.id, partner: await demoPartner(db, now) };
  const since = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - 3, 1);
  await pace.pause();
  await LedgerWriter.load(db, user.id, splitHousehold(history.rows, c, people, since), now);
  await pace.pause();
  const conversions = new ConversionsService(db, () => now);
  for (const conversion of history.conversions) {
    await conversions.add(user.id, conversion);
    await pace.maybe();
  }

  await addDemoFixpoints(db, user.id, history.opening, { start, today, now }, random, pace);
  // What Bence still owes, in 200 instalments.
  const bence = history.rows
    .filter((r) => r.categoryId === c.bence)
    .reduce((owed, r) => owed + (r.isIncome ? -r.amount : r.amount), 0);
  await addDemoSchedules(db, user.id, c, Math.ceil(bence / minorOf('EUR', 200)), today + DAY, now);
  await pace.maybe();
  await addDemoRules(db, user.id, c, now, pace);
  await addDemoHousehold(db, people, since, now);
}

/** The demo's own categories (in EUR), some with a monthly limit, the loans and the studio with a description. */
async function addDemoCategories(
  categories: CategoriesService,
  userId: number,
  pace: Breather,
): Promise<DemoCategoryIds> {
  const add = async (
    name: string,
    type: 'real' | 'loan' | 'business',
    isIncome: boolean | null,
    monthlyLimit: number | null = null,
    description = '',
  ) => {
    const { id } = await categories.add(userId, 'EUR', {
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
  return {
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
}

/**
 * Category rules come seeded: demo users may not add or change rules, and the Rules tab shows
 * both kinds.
 */
async function addDemoRules(
  db: Kysely<DB>,
  userId: number,
  c: DemoCategoryIds,
  now: number,
  pace: Breather,
): Promise<void> {
  const rules = new RulesService(db, () => now);
  for (const rule of [
    { match: 'regex' as const, pattern: '^(rewe|lidl|aldi|edeka)\\b', categoryId: c.groceries },
    { match: 'contains' as const, pattern: 'Stadtwerke', categoryId: c.utilities },
    { match: 'regex' as const, pattern: 'spotify|netflix|icloud', categoryId: c.subscriptions },
  ]) {
    await rules.add(userId, rule);
    await pace.maybe();
  }
}
