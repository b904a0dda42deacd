import type { BalanceHistory } from '@kassa/contract';
import { currencyInfo, divideHalfEven, isoFromDay, minorToMajor, utcDayOf } from '@kassa/money';
import {
  statedPerCurrency,
  type DayMeasures,
  type HistoryPoint,
  type LedgerReader,
  type PerCurrency,
} from '../ledger/index.js';
import type { Converter, Fraction } from '../rates/conversion.js';

const MS_PER_DAY = 86_400_000;

/** The last millisecond of a UTC day. */
const endOf = (day: number) => (day + 1) * MS_PER_DAY - 1;

const add = (map: PerCurrency, code: string, v: bigint) => {
  if (v !== 0n) map.set(code, (map.get(code) ?? 0n) + v);
};

/** balance-history's answer: the points in major units of the converter's currency. */
export function historyAnswer(points: readonly HistoryPoint[], decimals: number): BalanceHistory {
  const history: BalanceHistory = { dates: [], available: [], loaned: [], businesspending: [], networth: [] };
  for (const p of points) {
    history.dates.push(isoFromDay(p.day));
    history.available.push(minorToMajor(p.available, decimals));
    history.loaned.push(minorToMajor(p.loaned, decimals));
    history.businesspending.push(minorToMajor(p.pending, decimals));
    history.networth.push(minorToMajor(p.available + p.loaned + p.pending, decimals));
  }
  return history;
}

/**
 * The points of firstDay..lastDay computed from the ledger: the balances at the end of the day
 * before, then the daily totals walked once; a day holding a fixpoint restarts available from
 * the fixpoint (one extra lookup for that day only).
 */
export async function computedHistory(
  ledger: LedgerReader,
  userId: number,
  converter: Converter,
  firstDay: number,
  lastDay: number,
): Promise<HistoryPoint[]> {
  const dayBefore = endOf(firstDay - 1);
  const { available, loan: loans, pending } = await ledger.balancesAt(userId, dayBefore);
  const byDay = await measuresByDay(ledger, userId, dayBefore, endOf(lastDay));
  const lastFixpointOfDay = await lastFixpointsOfDays(ledger, userId, dayBefore + 1, endOf(lastDay));
  const statesByFixpoint = statedPerCurrency(
    await ledger.statesOfMany(
      userId,
      [...lastFixpointOfDay.values()].map((f) => f.id),
    ),
  );
  // Fixpoints that leave pockets unstated restart by the pocket rule (DESIGN §4).
  const byPocket = await ledger.countsByPocket(userId);
  const points: HistoryPoint[] = [];
  const totalOf = dayTotals(converter);
  let availableNow = available;
  for (let day = firstDay; day <= lastDay; day++) {
    for (const m of byDay.get(day) ?? []) {
      add(loans, m.currency, m.loan);
      add(pending, m.currency, m.pending);
      add(availableNow, m.currency, m.cash);
    }
    const fixpoint = lastFixpointOfDay.get(day);
    if (fixpoint !== undefined && byPocket) availableNow = await ledger.available(userId, endOf(day));
    else if (fixpoint !== undefined) {
      // Available restarts from the stated balances, plus what flowed after the fixpoint that day.
      availableNow = new Map(statesByFixpoint.get(fixpoint.id) ?? []);
      await ledger.addCashFlows(userId, fixpoint.time, endOf(day), availableNow);
    }
    points.push({
      day,
      available: totalOf(availableNow, day),
      loaned: totalOf(loans, day),
      pending: totalOf(pending, day),
    });
  }
  return points;
}

/** The daily measures after `after` up to `until`, by UTC day. */
async function measuresByDay(
  ledger: LedgerReader,
  userId: number,
  after: number,
  until: number,
): Promise<Map<number, DayMeasures[]>> {
  const byDay = new Map<number, DayMeasures[]>();
  for (const m of await ledger.measuresByDay(userId, after, until)) {
    const list = byDay.get(m.day) ?? [];
    list.push(m);
    byDay.set(m.day, list);
  }
  return byDay;
}

/** Fixpoints inside the range, the last of each day, with all their states in one query. */
async function lastFixpointsOfDays(
  ledger: LedgerReader,
  userId: number,
  from: number,
  until: number,
): Promise<Map<number, { id: number; time: number }>> {
  const lastFixpointOfDay = new Map<number, { id: number; time: number }>();
  for (const f of await ledger.fixpointsBetween(userId, from, until)) {
    const known = lastFixpointOfDay.get(utcDayOf(f.time));
    if (known === undefined || f.time > known.time) lastFixpointOfDay.set(utcDayOf(f.time), f);
  }
  return lastFixpointOfDay;
}

/**
 * A day's total of amounts in the converter's currency. Each currency's rate looked up once a day
 * for all three measures (this loop was most of a recomputed history's time); each amount
 * converted and rounded as convertEach does.
 */
function dayTotals(converter: Converter): (amounts: PerCurrency, day: number) => bigint {
  const factors = new Map<string, Fraction>();
  let factorsDay: number | undefined;
  return (amounts, day) => {
    if (day !== factorsDay) {
      factors.clear();
      factorsDay = day;
    }
    let sum = 0n;
    for (const [code, amount] of amounts) {
      let f = factors.get(code);
      if (f === undefined) {
        f = converter.fraction(1n, currencyInfo(code), day);
        factors.set(code, f);
      }
      sum += f.den === 1n ? amount * f.num : divideHalfEven(amount * f.num, f.den);
    }
    return sum;
  };
}
