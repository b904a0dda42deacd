import { IMPORT_MATCH_DAYS, type ImportMatch } from '@kassa/contract';
import { isoFromDay, type Minor } from '@kassa/money';
import type { Breather } from '../../util/breathe.js';
import type { LinkRow } from './links-repository.js';
import type { PreviewContext } from './preview-context.js';
import { majorText } from './statement-amounts.js';
import { linkPairKey, rejectedPairKey, type StoredRow } from './stored-row.js';

/** How far a conversion's two legs may differ from the day's reference rate (bank spreads and fees). */
const CONVERSION_TOLERANCE = 0.05;

/** A possible other leg: a new row of this file or an imported row of another pocket. */
interface Leg {
  pocketId: number;
  day: number;
  minor: Minor;
  currency: string;
  pairKey: string;
  description: string;
  row?: StoredRow;
  link?: LinkRow;
}

/** The legs by currency and signed amount (transfers), and by currency and day (conversions). */
interface LegIndex {
  sameCurrency: Map<string, Leg[]>;
  byCurrencyDay: Map<string, Map<number, Leg[]>>;
}

/** Whether `b` may be the other leg of `a`: unused, in another pocket, near in days, not rejected. */
type Fits = (a: Leg, b: Leg) => boolean;

/**
 * Pairs new rows with their other leg in another pocket within IMPORT_MATCH_DAYS: the opposite
 * amount in the same currency (a transfer), or the opposite direction in another currency within
 * CONVERSION_TOLERANCE of the day's rate (a conversion). The nearest day wins; every leg is used
 * once; pairs the user rejected are not proposed again.
 */
export async function pair(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<void> {
  const legs = await legsOf(rows, ctx, pace);
  const pockets = new Set<number>();
  for (const l of legs) pockets.add(l.pocketId);
  if (pockets.size < 2) return;
  const index = await indexLegs(legs, pace);
  const used = new Set<Leg>();
  const fits: Fits = (a, b) =>
    !used.has(b) &&
    b.pocketId !== a.pocketId &&
    Math.abs(a.day - b.day) <= IMPORT_MATCH_DAYS &&
    !ctx.rejected.has(rejectedPairKey(a.pairKey, b.pairKey).join('\n'));

  for (const leg of legs) {
    if (pace.due()) await pace.pause();
    const row = leg.row;
    if (row === undefined || used.has(leg)) continue;
    const found = otherLeg(leg, index, fits, ctx);
    if (found === undefined) continue;
    const { kind, other } = found;
    used.add(leg);
    used.add(other);
    row.match = matchOf(kind, other);
    row.matchKey = other.pairKey;
    if (other.row !== undefined) {
      other.row.match = matchOf(kind, leg);
      other.row.matchKey = leg.pairKey;
    }
  }
}

/** The new rows of the file, then the imported rows of other pockets, as legs. */
async function legsOf(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<Leg[]> {
  const legs: Leg[] = [];
  for (const r of rows) {
    if (pace.due()) await pace.pause();
    if (r.status === 'new' && r.pocketId !== null)
      legs.push({
        pocketId: r.pocketId,
        day: r.day,
        minor: r.minor,
        currency: r.currency,
        pairKey: r.pairKey,
        description: r.description,
        row: r,
      });
  }
  for (const l of ctx.otherLegs)
    legs.push({
      pocketId: l.pocket_id,
      day: l.day,
      minor: l.amount,
      currency: l.currency,
      pairKey: linkPairKey(l),
      description: l.description,
      link: l,
    });
  return legs;
}

async function indexLegs(legs: readonly Leg[], pace: Breather): Promise<LegIndex> {
  const push = <K>(map: Map<K, Leg[]>, key: K, leg: Leg) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [leg]);
    else list.push(leg);
  };
  const sameCurrency = new Map<string, Leg[]>();
  const byCurrencyDay = new Map<string, Map<number, Leg[]>>();
  for (const leg of legs) {
    if (pace.due()) await pace.pause();
    push(sameCurrency, `${leg.currency}|${leg.minor}`, leg);
    let days = byCurrencyDay.get(leg.currency);
    if (days === undefined) {
      days = new Map<number, Leg[]>();
      byCurrencyDay.set(leg.currency, days);
    }
    push(days, leg.day, leg);
  }
  return { sameCurrency, byCurrencyDay };
}

const nearest = (a: Leg, candidates: Leg[]) =>
  candidates.sort((x, y) => Math.abs(x.day - a.day) - Math.abs(y.day - a.day))[0];

/** The other leg of a new row: a transfer's in its currency first, else a conversion's in another. */
function otherLeg(
  leg: Leg,
  { sameCurrency, byCurrencyDay }: LegIndex,
  fits: Fits,
  ctx: PreviewContext,
): { kind: ImportMatch['kind']; other: Leg } | undefined {
  const transfer = nearest(
    leg,
    (sameCurrency.get(`${leg.currency}|${-leg.minor}`) ?? []).filter((b) => fits(leg, b)),
  );
  if (transfer !== undefined) return { kind: 'transfer', other: transfer };
  if (byCurrencyDay.size <= 1) return undefined;
  const conversion = nearest(leg, conversionCandidates(leg, byCurrencyDay, fits, ctx));
  return conversion === undefined ? undefined : { kind: 'conversion', other: conversion };
}

/** Legs in other currencies, the other direction, whose amount is within CONVERSION_TOLERANCE of the day's rate. */
function conversionCandidates(
  leg: Leg,
  byCurrencyDay: LegIndex['byCurrencyDay'],
  fits: Fits,
  ctx: PreviewContext,
): Leg[] {
  const candidates: Leg[] = [];
  for (const [currency, days] of byCurrencyDay) {
    if (currency === leg.currency) continue;
    for (let day = leg.day - IMPORT_MATCH_DAYS; day <= leg.day + IMPORT_MATCH_DAYS; day++)
      for (const b of days.get(day) ?? []) {
        if (Math.sign(b.minor) === Math.sign(leg.minor) || !fits(leg, b)) continue;
        const expected = ctx.convert(Math.abs(leg.minor), leg.currency, currency, leg.day);
        if (expected !== null && Math.abs(Math.abs(b.minor) - expected) <= expected * CONVERSION_TOLERANCE)
          candidates.push(b);
      }
  }
  return candidates;
}

function matchOf(kind: ImportMatch['kind'], leg: Leg): ImportMatch {
  return {
    kind,
    ...(leg.row === undefined ? {} : { line: leg.row.line }),
    ...(leg.link?.transaction_id == null ? {} : { transactionId: leg.link.transaction_id }),
    pocketId: leg.pocketId,
    date: isoFromDay(leg.day),
    amount: majorText(leg.minor, leg.currency),
    currency: leg.currency,
    description: leg.description,
  };
}
