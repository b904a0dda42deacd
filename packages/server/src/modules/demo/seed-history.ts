import type { ConversionInput } from '@kassa/contract';
import { utcDayOf } from '@kassa/money';
import type { TransactionRow } from '../ledger/index.js';
import { minorOf } from './seed-schedules.js';

const DAY = 86_400_000;

/** The ids of the demo's own categories, by role. */
export type DemoCategoryIds = Record<
  | 'salary'
  | 'freelance'
  | 'rent'
  | 'groceries'
  | 'diningOut'
  | 'transport'
  | 'utilities'
  | 'health'
  | 'subscriptions'
  | 'travel'
  | 'gifts'
  | 'anna'
  | 'bence'
  | 'studio',
  number
>;

/** Where the drawn rows go: the demo's categories, and the built-in external one for the pension fund. */
interface Categories {
  c: DemoCategoryIds;
  untracked: number;
}

/** A day of the demo's history: its start instant and calendar fields (UTC, as every day of the books). */
interface Day {
  t: number;
  dom: number;
  month: number;
  weekday: number;
  /** Months since the demo's first month. */
  index: number;
}

/** The demo's history as it is drawn: its rows and conversions, and each currency's cash along the way. */
export interface DemoHistory {
  readonly rows: Omit<TransactionRow, 'id'>[];
  readonly conversions: ConversionInput[];
  /** Each currency's cash before the first row, in minor units. */
  readonly opening: ReadonlyMap<string, number>;
  readonly random: (n: number) => number;
  /** An instant of the day at the hour, the minutes drawn. */
  readonly at: (day: Day, hour: number) => number;
  readonly tx: (
    time: number,
    categoryId: number,
    kind: TransactionRow['kind'],
    isIncome: boolean,
    currency: string,
    major: number,
    description: string,
    businessType?: TransactionRow['businessType'],
  ) => void;
  readonly convert: (
    time: number,
    from: string,
    fromMajor: number,
    to: string,
    toMajor: number,
    description: string,
  ) => void;
  /** Forints bought before a forint expense would leave less than the cushion. */
  readonly ensureForints: (time: number, needMajor: number) => void;
  /** A currency's cash so far, in minor units. */
  readonly cashOf: (currency: string) => number;
}

/**
 * The demo's rows from `start` (the first day of its first month) until `now`, drawn with
 * `random`: the balances are followed while the rows are drawn, so no currency ever goes below its
 * cushion.
 */
export function drawHistory(
  categories: Categories,
  random: (n: number) => number,
  start: number,
  now: number,
): DemoHistory {
  const h = startHistory(random, now);
  for (const day of daysOf(start, now)) {
    monthlyBills(h, day, categories.c);
    everydaySpending(h, day, categories.c);
    dollarsAndForints(h, day, categories);
    pottery(h, day, categories.c);
    loans(h, day, categories.c);
  }
  return h;
}

function startHistory(random: (n: number) => number, now: number): DemoHistory {
  const rows: Omit<TransactionRow, 'id'>[] = [];
  const conversions: ConversionInput[] = [];
  // Each currency's cash as the rows are drawn, in minor units (fixpoint errors included).
  const cash = new Map<string, number>([
    ['EUR', minorOf('EUR', 4200)],
    ['USD', minorOf('USD', 900)],
    ['HUF', minorOf('HUF', 60_000)],
  ]);
  const opening = new Map(cash);
  const move = (currency: string, minor: number) => cash.set(currency, (cash.get(currency) ?? 0) + minor);
  const tx: DemoHistory['tx'] = (
    time,
    categoryId,
    kind,
    isIncome,
    currency,
    major,
    description,
    businessType = null,
  ) => {
    // Nothing in the future: the history ends now.
    if (time >= now) return;
    const amount = Math.max(1, minorOf(currency, major));
    // Realisation moves no cash; every other row does.
    if (businessType !== 'realize') move(currency, isIncome ? amount : -amount);
    rows.push({ categoryId, kind, businessType, isIncome, amount, currency, description, time, day: utcDayOf(time) });
  };
  const convert: DemoHistory['convert'] = (time, from, fromMajor, to, toMajor, description) => {
    if (time >= now) return;
    move(from, -minorOf(from, fromMajor));
    move(to, minorOf(to, toMajor));
    conversions.push({
      fromAmount: String(fromMajor),
      fromCurrency: from,
      toAmount: String(toMajor),
      toCurrency: to,
      description,
      time,
    });
  };
  const ensureForints = (time: number, needMajor: number) => {
    const cushion = minorOf('HUF', 25_000);
    if ((cash.get('HUF') ?? 0) - minorOf('HUF', needMajor) >= cushion) return;
    const euros = 200 * Math.ceil((needMajor + 40_000) / 400 / 200);
    convert(time - 2 * 3_600_000, 'EUR', euros, 'HUF', Math.round(euros * (392 + random(14))), 'Forints for Budapest');
  };
  const at = (day: Day, hour: number) => day.t + hour * 3_600_000 + random(3_600_000);
  const cashOf = (currency: string) => cash.get(currency) ?? 0;
  return { rows, conversions, opening, random, at, tx, convert, ensureForints, cashOf };
}

/** Every day from `start` until `now`. */
function daysOf(start: number, now: number): Day[] {
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
  return days;
}

// Each day's rows are drawn in this order (bills, spending, currencies, studio, loans): every draw
// takes the next number of the seeded sequence, so moving one changes all the books after it.

function monthlyBills({ at, tx, random }: DemoHistory, day: Day, c: DemoCategoryIds): void {
  const { dom, index } = day;
  // Pay day: a raise after the first year.
  if (dom === 1) tx(at(day, 8), c.salary, 'real', true, 'EUR', index < 12 ? 3450 : 3620, 'Monthly salary');
  if (dom === 2) tx(at(day, 9), c.rent, 'real', false, 'EUR', 1150, 'Rent for the flat');
  if (dom === 5) tx(at(day, 10), c.utilities, 'real', false, 'EUR', 85 + random(70), 'Electricity and heating');
  if (dom === 8) tx(at(day, 10), c.utilities, 'real', false, 'EUR', 39.9, 'Internet and phone');
  if (dom === 3) tx(at(day, 7), c.transport, 'real', false, 'EUR', 49, 'Monthly transit pass');
  if (dom === 12) tx(at(day, 12), c.subscriptions, 'real', false, 'USD', 15.99, 'Music streaming');
  if (dom === 20) tx(at(day, 12), c.subscriptions, 'real', false, 'USD', 10, 'Cloud storage');
}

function everydaySpending({ at, tx, random }: DemoHistory, day: Day, c: DemoCategoryIds): void {
  const { dom, weekday, index } = day;
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
}

function dollarsAndForints(h: DemoHistory, day: Day, { c, untracked }: Categories): void {
  const { at, tx, convert, ensureForints, random, cashOf } = h;
  const { dom, index } = day;
  // A dollar client pays most months.
  if (dom === 16 && random(5) !== 0)
    tx(at(day, 15), c.freelance, 'real', true, 'USD', 700 + 50 * random(14), 'Invoice paid by Northwind Inc.');
  // Half of the dollars above a 2,000 cushion come home each quarter; the rest stays saved in dollars.
  if (dom === 22 && index % 3 === 2) {
    const spare = Math.floor((cashOf('USD') - minorOf('USD', 2000)) / 2 / 100 / 100) * 100;
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
}

/** The pottery studio: a kiln and tools first, then market sales and clay. */
function pottery({ at, tx, random }: DemoHistory, day: Day, c: DemoCategoryIds): void {
  const { dom, weekday, index } = day;
  if (index === 1 && dom === 6) tx(at(day, 11), c.studio, 'business', false, 'EUR', 1800, 'Kiln and wheel', 'invest');
  if (index === 1 && dom === 7) tx(at(day, 11), c.studio, 'business', false, 'EUR', 240, 'Glazes and tools', 'invest');
  if (index >= 2 && weekday === 0 && day.dom <= 7)
    tx(at(day, 16), c.studio, 'business', true, 'EUR', 180 + 10 * random(30), 'Market stall sales', 'pnl');
  if (index >= 2 && dom === 15) tx(at(day, 10), c.studio, 'business', false, 'EUR', 60 + random(50), 'Clay', 'pnl');
  if (index >= 3 && dom === 24 && random(2) === 0)
    tx(at(day, 21), c.studio, 'business', true, 'EUR', 45 + random(120), 'Online shop order', 'pnl');
  if (index === 12 && dom === 2)
    tx(at(day, 9), c.studio, 'business', false, 'EUR', 600, 'First year of the kiln written off', 'realize');
}

function loans({ at, tx }: DemoHistory, day: Day, c: DemoCategoryIds): void {
  const { dom, index } = day;
  // Anna: 1,500 lent in the third month, paid back in five instalments.
  if (index === 2 && dom === 9) tx(at(day, 18), c.anna, 'loan', false, 'EUR', 1500, 'Lent to Anna for her deposit');
  if (index >= 3 && index <= 7 && dom === 28) tx(at(day, 19), c.anna, 'loan', true, 'EUR', 300, 'Anna paid back');
  // Bence: a newer loan, partly repaid.
  if (index === 14 && dom === 11) tx(at(day, 20), c.bence, 'loan', false, 'EUR', 800, 'Lent to Bence for a laptop');
  if (index >= 15 && dom === 25) tx(at(day, 19), c.bence, 'loan', true, 'EUR', 200, 'Bence paid back');
}
