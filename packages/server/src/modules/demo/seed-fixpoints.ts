import { decimalsOf, minorToMajor } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { FixpointsService } from '../fixpoints/service.js';
import { LedgerReader } from '../ledger/index.js';
import { PocketsService } from '../pockets/service.js';
import type { Breather } from '../../util/breathe.js';
import { minorOf } from './seed-schedules.js';

const DAY = 86_400_000;

type Pocket = { pocketId: number; currency: string };

const major = (currency: string, minor: number) => String(minorToMajor(BigInt(minor), decimalsOf(currency)));

/**
 * Fixpoints: the opening balances on the first day (`start`), then every quarter the calculated
 * balance off by a little (a coffee in cash never written down, forints miscounted), and a recent
 * one. The first pocket of each currency holds its money; the others are stated empty.
 */
export async function addDemoFixpoints(
  db: Kysely<DB>,
  userId: number,
  opening: ReadonlyMap<string, number>,
  dates: { start: number; today: number; now: number },
  random: (n: number) => number,
  pace: Breather,
): Promise<void> {
  const { start, now } = dates;
  const fixpoints = new FixpointsService(db, new LedgerReader(db), () => now);
  const pockets = await new PocketsService(db).list(userId);
  const firstPocket = (p: Pocket) => pockets.find((q) => q.currency === p.currency)?.pocketId === p.pocketId;
  await fixpoints.set(
    userId,
    pockets.map((p) => ({
      pocketId: p.pocketId,
      balance: firstPocket(p) ? major(p.currency, opening.get(p.currency) ?? 0) : '0',
    })),
    start,
  );
  await pace.maybe();
  const checks = checkTimes(dates);
  for (const [n, t] of checks.entries()) {
    const month = 3 * (n + 1);
    if (t >= now || t <= (checks[n - 1] ?? start)) continue;
    const errors = await fixpoints.calcError(
      userId,
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
    await fixpoints.set(userId, balances, t);
    await pace.maybe();
  }
}

/** The quarterly checks' instants: the evening before the first of every third month, then a recent one. */
function checkTimes({ start, today }: { start: number; today: number }): number[] {
  const checks: number[] = [];
  for (let month = 3; month < 18; month += 3)
    checks.push(Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth() + month, 1) - 3 * 3_600_000);
  // And a recent one, so the dashboard's stale-fixpoint warning stays away.
  checks.push(today - 5 * DAY + 20 * 3_600_000);
  return checks;
}
