import { utcDayOf } from '@kassa/money';
import { statedPerCurrency, type LedgerReader, type PerCurrency } from '../ledger/index.js';
import { addTo, endOfDay } from './figures.js';

// Exposure's available money per point (issue 21), from the ledger's cash sums.

/**
 * available_C at the end of each point day (every `step` days ending with lastDay, within
 * firstDay..lastDay), ascending: the balance at the end of the day before, then the native
 * cash per bucket of days between points, summed by the database; a bucket holding a fixpoint
 * comes per day, and its last fixpoint of a day restarts available from the stated balances
 * plus what flowed after it that day (as balance-history).
 */
export async function availableAtPoints(
  ledger: LedgerReader,
  userId: number,
  firstDay: number,
  lastDay: number,
  step: number,
): Promise<PerCurrency[]> {
  const dayBefore = endOfDay(firstDay - 1);
  // Independent reads at once, in two rounds (on PostgreSQL each read is a round trip).
  const [start, fixpoints] = await Promise.all([
    ledger.available(userId, dayBefore),
    ledger.fixpointsBetween(userId, dayBefore + 1, endOfDay(lastDay)),
  ]);
  let availableNow = start;
  const lastFixpointOfDay = new Map<number, { id: number; time: number }>();
  for (const f of fixpoints) {
    const known = lastFixpointOfDay.get(utcDayOf(f.time));
    if (known === undefined || f.time > known.time) lastFixpointOfDay.set(utcDayOf(f.time), f);
  }
  const bucketOf = (day: number) => Math.floor((lastDay - day) / step);
  const byDayBuckets = [...new Set([...lastFixpointOfDay.keys()].map(bucketOf))];
  const fixDays = [...lastFixpointOfDay.keys()];
  const [states, buckets, after] = await Promise.all([
    ledger.statesOfMany(
      userId,
      [...lastFixpointOfDay.values()].map((f) => f.id),
    ),
    ledger.cashByBucket(userId, firstDay, lastDay, step, byDayBuckets),
    // What flowed after each day's last fixpoint until the day's end, for all of them at once.
    ledger.cashOver(
      userId,
      fixDays.map((day) => [lastFixpointOfDay.get(day)?.time ?? 0, endOfDay(day)] as const),
    ),
  ]);
  const stated = statedPerCurrency(states);
  const cash = new Map<number, [string, bigint][]>();
  for (const r of buckets) {
    const list = cash.get(r.key) ?? [];
    list.push([r.currency, r.cash]);
    cash.set(r.key, list);
  }
  const split = new Set(byDayBuckets);
  // Fixpoints that leave pockets unstated restart by the pocket rule (DESIGN §4).
  const byPocket = await ledger.countsByPocket(userId);
  const afterFixpoint = new Map(fixDays.map((day, i) => [day, after[i] ?? new Map<string, bigint>()]));
  const out: PerCurrency[] = [];
  for (let b = bucketOf(firstDay); b >= 0; b--) {
    const pointDay = lastDay - step * b;
    if (!split.has(b)) {
      for (const [code, v] of cash.get(b) ?? []) addTo(availableNow, code, v);
    } else
      for (let day = Math.max(firstDay, pointDay - step + 1); day <= pointDay; day++) {
        for (const [code, v] of cash.get(-1 - day) ?? []) addTo(availableNow, code, v);
        const fixpoint = lastFixpointOfDay.get(day);
        if (fixpoint !== undefined && byPocket) availableNow = await ledger.available(userId, endOfDay(day));
        else if (fixpoint !== undefined) {
          availableNow = new Map(stated.get(fixpoint.id) ?? []);
          for (const [code, v] of afterFixpoint.get(day) ?? []) addTo(availableNow, code, v);
        }
      }
    out.push(new Map(availableNow));
  }
  return out;
}
