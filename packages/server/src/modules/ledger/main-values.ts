import { currencyInfo, divideHalfEven } from '@kassa/money';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { tryLockUserReports } from '../../db/user-lock.js';
import type { Converter } from '../rates/conversion.js';
import { markDirtyMonths } from './daily-totals.js';
import { BEFORE_ANY_DAY, invalidateHistory } from './history-points.js';

/**
 * Main-currency values of daily totals (DESIGN §4: every amount at its own day's rate).
 *
 * A daily total's value is its exact converted amount rounded half to even to 10^-12 minor units
 * of the main currency, kept as whole minor units (floor) plus the remainder, so SQL adds many of
 * them exactly in 64-bit integers. A report bucket is the sum of its totals' values, rounded half
 * to even once to whole minor units. The error against summing the exact fractions is below
 * 10^-12 minor units per total: it can decide a rounding only when a sum lies that close to a
 * half cent, and the rule is the same wherever a total is counted, so figures always agree.
 */
export const SCALE = 10n ** 12n;

/** A total's value in 10^-12 minor units of the converter's currency. */
export function scaledValue(converter: Converter, amount: bigint, currency: string, day: number): bigint {
  const { num, den } = converter.fraction(amount, currencyInfo(currency), day);
  return divideHalfEven(num * SCALE, den);
}

/** Whole minor units (floor) and the 10^-12 remainder, as stored. */
export function splitScaled(value: bigint): { minor: bigint; frac: bigint } {
  let minor = value / SCALE;
  if (value < 0n && minor * SCALE !== value) minor -= 1n;
  return { minor, frac: value - minor * SCALE };
}

/** A bucket's sum of stored parts back in 10^-12 units. */
export const joinScaled = (minor: bigint | number | string, frac: bigint | number | string) =>
  BigInt(minor) * SCALE + BigInt(frac);

/** The sum of values rounded once, half to even, to whole minor units. */
export const roundScaled = (value: bigint) => divideHalfEven(value, SCALE);

const RATES_KEY = 'main-values-rates';
/** Dirty months valued per round (one month of a 1M-transaction history is about 7,000 totals). */
const MONTHS_PER_BATCH = 4;

/** SQL for the stored values: which totals wait for one, storing them, and clearing them. */
export class MainValuesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Values every total of the user that has none (new or changed since, or its rates changed).
   * Each update names the amount it valued, so a write that changed the total meanwhile (and
   * cleared its value again) is not overwritten with a stale one.
   */
  async settle(userId: number, converter: Converter): Promise<number> {
    // Whatever clears a value lists its month as dirty in the same transaction, so only dirty
    // months can hold unvalued totals: most reports find none and stop after one tiny query.
    const dirty = await this.db
      .selectFrom('dirty_months')
      .select(['month', 'version'])
      .where('user_id', '=', userId)
      .execute();
    if (dirty.length === 0) return 0;
    // A few months at a time, so a history cleared at once (a bulk load, new rates) is valued in
    // bounded memory.
    let valuedCount = 0;
    for (let i = 0; i < dirty.length; i += MONTHS_PER_BATCH) {
      const months = dirty.slice(i, i + MONTHS_PER_BATCH).map((d) => d.month);
      const rows = await this.db
        .selectFrom('daily_totals')
        .select(['day', 'currency', 'category_id', 'business_type', 'is_income', 'amount'])
        .where('user_id', '=', userId)
        .where('month', 'in', months)
        .where('main_minor', 'is', null)
        // Key order: two reports valuing at once lock the rows in the same order (PostgreSQL
        // deadlocked them under load when each went its own way).
        .orderBy('day')
        .orderBy('currency')
        .orderBy('category_id')
        .orderBy('business_type')
        .orderBy('is_income')
        .execute();
      if (rows.length === 0) continue;
      valuedCount += rows.length;
      const valued = rows.map((r) => ({
        ...r,
        ...splitScaled(scaledValue(converter, BigInt(r.amount), r.currency, r.day)),
      }));
      await this.db.transaction().execute(async (trx) => {
        for (const r of valued) {
          await trx
            .updateTable('daily_totals')
            .set({ main_minor: Number(r.minor), main_frac: Number(r.frac) })
            .where('user_id', '=', userId)
            .where('day', '=', r.day)
            .where('currency', '=', r.currency)
            .where('category_id', '=', r.category_id)
            .where('business_type', '=', r.business_type)
            .where('is_income', '=', r.is_income)
            .where('amount', '=', r.amount)
            .where('main_minor', 'is', null)
            .execute();
        }
      });
    }
    return valuedCount + (await this.rollUp(userId, dirty));
  }

  /**
   * Rebuilds the monthly_main rows of the user's dirty months whose totals all have values, and
   * takes each off the list unless it changed again meanwhile (its version moved on).
   */
  private async rollUp(userId: number, dirty: readonly { month: number; version: number }[]): Promise<number> {
    let rebuilt = 0;
    for (const { month, version } of dirty) {
      await this.db.transaction().execute(async (trx) => {
        // Two reports of the user rolling up the same month at once would insert its rows twice:
        // one does it, the other reads the month by day this time.
        if (!(await tryLockUserReports(trx, userId))) return;
        const unvalued = await trx
          .selectFrom('daily_totals')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .where('month', '=', month)
          .where('main_minor', 'is', null)
          .executeTakeFirst();
        if (Number(unvalued?.n ?? 0) > 0) return; // a write came in: the next report rebuilds it
        await trx.deleteFrom('monthly_main').where('user_id', '=', userId).where('month', '=', month).execute();
        await trx
          .insertInto('monthly_main')
          .columns(['user_id', 'month', 'category_id', 'kind', 'business_type', 'is_income', 'main_minor', 'main_frac'])
          .expression((eb) =>
            eb
              .selectFrom('daily_totals')
              .select([
                'user_id',
                'month',
                'category_id',
                'kind',
                'business_type',
                'is_income',
                sql<number>`sum(main_minor)`.as('main_minor'),
                sql<number>`sum(main_frac)`.as('main_frac'),
              ])
              .where('user_id', '=', userId)
              .where('month', '=', month)
              // On PostgreSQL a write may commit between the count above and this statement (read
              // committed): its unvalued total is left out, and as it moved the month's version on,
              // the month stays dirty below and is read by day until the next rebuild.
              .where('main_minor', 'is not', null)
              .groupBy(['user_id', 'month', 'category_id', 'kind', 'business_type', 'is_income']),
          )
          .execute();
        await trx
          .deleteFrom('dirty_months')
          .where('user_id', '=', userId)
          .where('month', '=', month)
          .where('version', '=', version)
          .execute();
        rebuilt++;
      });
    }
    return rebuilt;
  }

  /** Clears the values of every user's totals, and kept history, from the day on (rates of that day changed). */
  async clearFrom(day: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('daily_totals')
        .set({ main_minor: null, main_frac: null })
        .where('day', '>=', day)
        .where('main_minor', 'is not', null)
        .execute();
      await markAllDirty(trx, day);
      await invalidateHistory(trx, undefined, day);
    });
  }

  /**
   * Clears every value when the rate table differs from the one they were computed with (a new
   * bundle, or rates imported while the server was down), and remembers the table.
   */
  async syncRates(fingerprint: string): Promise<void> {
    const known = await this.db
      .selectFrom('ledger_meta')
      .select('value')
      .where('key', '=', RATES_KEY)
      .executeTakeFirst();
    if (known?.value === fingerprint) return;
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('daily_totals').set({ main_minor: null, main_frac: null }).execute();
      await markAllDirty(trx, undefined);
      await invalidateHistory(trx, undefined, BEFORE_ANY_DAY);
      await new MainValuesRepository(trx).rememberRates(fingerprint);
    });
  }

  /** Records the rate table the values follow now (after clearing what a change touched). */
  async rememberRates(fingerprint: string): Promise<void> {
    await this.db
      .insertInto('ledger_meta')
      .values({ key: RATES_KEY, value: fingerprint })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: fingerprint }))
      .execute();
  }
}

/** Lists every user's months that hold totals from the day on (all months without a day). */
async function markAllDirty(db: Kysely<DB>, fromDay: number | undefined): Promise<void> {
  const months = await db
    .selectFrom('daily_totals')
    .select(['user_id', 'month'])
    .distinct()
    .$if(fromDay !== undefined, (q) => q.where('day', '>=', fromDay ?? 0))
    .execute();
  const byUser = new Map<number, number[]>();
  for (const m of months) {
    const list = byUser.get(m.user_id) ?? [];
    list.push(m.month);
    byUser.set(m.user_id, list);
  }
  for (const [userId, list] of byUser) await markDirtyMonths(db, userId, list);
}
