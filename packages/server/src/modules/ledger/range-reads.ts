import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { MEASURES, type PerCurrency } from './flows.js';
import { conversionFromColumns, type ConversionRow } from './rows.js';

// Reads of the rows over instant ranges that reports need besides the measures' running totals:
// the cash of many short ranges at once, and the conversions of an interval.

/** Instant ranges (after, until], none overlapping another. */
export type InstantRanges = readonly (readonly [after: number, until: number])[];

/**
 * The cash per currency of each instant range (after, until] (DESIGN §4, MEASURES.cash: realize
 * moves none; conversions move both legs), in two statements for all ranges (one index range
 * scan per range) instead of two per range. Ranges must not overlap.
 */
export async function cashOver(db: Kysely<DB>, userId: number, ranges: InstantRanges): Promise<PerCurrency[]> {
  const out = ranges.map((): PerCurrency => new Map());
  if (ranges.length === 0) return out;
  const add = (range: number | string, currency: string, v: bigint) => {
    const into = out[Number(range)];
    if (into !== undefined) into.set(currency, (into.get(currency) ?? 0n) + v);
  };
  // Which range a row falls in. Whole numbers written into the statement, not parameters:
  // PostgreSQL must see the grouping expression and the selected one as the same text.
  const int = (n: number) => sql.lit(Math.trunc(n));
  const rangeOf = sql<number | string>`(case ${sql.join(
    ranges.map(([after, until], i) => sql`when time > ${int(after)} and time <= ${int(until)} then ${int(i)}`),
    sql` `,
  )} end)`;
  const within = (eb: ExpressionBuilder<DB, 'transactions' | 'conversions'>) =>
    eb.or(
      ranges.map(([after, until]) =>
        eb.and([eb('user_id', '=', userId), eb('time', '>', after), eb('time', '<=', until)]),
      ),
    );
  // Both tables at once (on PostgreSQL each read is a round trip of its own).
  const [tx, conv] = await Promise.all([
    db
      .selectFrom('transactions')
      .select([rangeOf.as('range'), 'currency', MEASURES.cash.as('net')])
      .where((eb) => within(eb as ExpressionBuilder<DB, 'transactions' | 'conversions'>))
      // Realize rows move no cash: left out, a currency only they touch gets no entry (not a 0).
      .where((eb) => eb.or([eb('business_type', 'is', null), eb('business_type', '<>', 'realize')]))
      .groupBy([rangeOf, 'currency'])
      .execute(),
    db
      .selectFrom('conversions')
      .select([rangeOf.as('range'), 'from_currency', 'from_amount', 'to_currency', 'to_amount'])
      .where((eb) => within(eb as ExpressionBuilder<DB, 'transactions' | 'conversions'>))
      .execute(),
  ]);
  for (const r of tx) add(r.range, r.currency, BigInt(r.net));
  for (const c of conv) {
    add(c.range, c.from_currency, -BigInt(c.from_amount));
    add(c.range, c.to_currency, BigInt(c.to_amount));
  }
  return out;
}

/**
 * The user's conversions with start <= time <= end, oldest first (time, then id); transfers
 * between two pockets of one currency exchange nothing, so they are not among them.
 */
export async function conversionsBetween(
  db: Kysely<DB>,
  userId: number,
  start: number,
  end: number,
): Promise<ConversionRow[]> {
  const rows = await db
    .selectFrom('conversions')
    .selectAll()
    .where('user_id', '=', userId)
    .whereRef('from_currency', '<>', 'to_currency')
    .where('time', '>=', start)
    .where('time', '<=', end)
    .orderBy('time')
    .orderBy('id')
    .execute();
  return rows.map(conversionFromColumns);
}
