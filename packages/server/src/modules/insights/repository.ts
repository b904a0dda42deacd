import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { conversionFromColumns, type ConversionRow, type PerCurrency } from '../ledger/index.js';

/** SQL of the insights reports; every query is scoped by user. */
export class InsightsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * The user's conversions with start <= time <= end, oldest first (time, then id); transfers
   * between two pockets of one currency exchange nothing, so they are not among them.
   */
  async conversionsBetween(userId: number, start: number, end: number): Promise<ConversionRow[]> {
    const rows = await this.db
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

  /**
   * The cash per currency of each instant range (after, until] (DESIGN §4: realize moves none;
   * conversions move both legs), in two statements for all ranges (one index range scan per
   * range) instead of two per range. Ranges must not overlap.
   */
  async cashOver(userId: number, ranges: readonly (readonly [after: number, until: number])[]): Promise<PerCurrency[]> {
    const out = ranges.map((): PerCurrency => new Map());
    if (ranges.length === 0) return out;
    const sorted = ranges.map(([after, until], i) => ({ after, until, i })).sort((a, b) => a.after - b.after);
    const rangeOf = (time: number) => {
      // The last range starting before `time`, if it reaches it.
      let lo = 0;
      let hi = sorted.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((sorted[mid]?.after ?? 0) < time) lo = mid;
        else hi = mid - 1;
      }
      const r = sorted[lo];
      return r !== undefined && r.after < time && time <= r.until ? out[r.i] : undefined;
    };
    const add = (time: number, currency: string, v: bigint) => {
      const into = rangeOf(time);
      if (into !== undefined && v !== 0n) into.set(currency, (into.get(currency) ?? 0n) + v);
    };
    const within = (eb: ExpressionBuilder<DB, 'transactions' | 'conversions'>) =>
      eb.or(
        ranges.map(([after, until]) =>
          eb.and([eb('user_id', '=', userId), eb('time', '>', after), eb('time', '<=', until)]),
        ),
      );
    // Both tables at once (on PostgreSQL each read is a round trip of its own).
    const [tx, conv] = await Promise.all([
      this.db
        .selectFrom('transactions')
        .select(['time', 'currency', 'business_type', 'is_income', 'amount'])
        .where((eb) => within(eb as ExpressionBuilder<DB, 'transactions' | 'conversions'>))
        .execute(),
      this.db
        .selectFrom('conversions')
        .select(['time', 'from_currency', 'from_amount', 'to_currency', 'to_amount'])
        .where((eb) => within(eb as ExpressionBuilder<DB, 'transactions' | 'conversions'>))
        .execute(),
    ]);
    for (const r of tx)
      if (r.business_type !== 'realize')
        add(r.time, r.currency, r.is_income === 1 ? BigInt(r.amount) : -BigInt(r.amount));
    for (const c of conv) {
      add(c.time, c.from_currency, -BigInt(c.from_amount));
      add(c.time, c.to_currency, BigInt(c.to_amount));
    }
    return out;
  }
}
