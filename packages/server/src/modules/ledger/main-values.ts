import { currencyInfo, divideHalfEven } from '@kassa/money';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { derivedTransaction } from '../../db/derived-transaction.js';
import { isPostgres } from '../../db/dialect.js';
import type { DB } from '../../db/schema.js';
import { tryLockUserReports } from '../../db/user-lock.js';
import type { Converter } from '../rates/conversion.js';
import { markDirtyMonths, type MonthRange } from './daily-totals.js';
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
/** Values per statement (8 parameters each, within PostgreSQL's 65,535 and SQLite's 32,766). */
const VALUES_PER_UPDATE = 1_000;
/** The monthly roll-ups of the valued daily totals: the table and what it groups by besides the flow type. */
const ROLL_UPS = [
  ['monthly_main', 'category_id'],
  ['monthly_main_currency', 'currency'],
] as const;
/** Dirty months rebuilt per transaction (a ten-year history cleared at once has 120). */
const MONTHS_PER_ROLL_UP = 24;

interface ValuedTotal {
  day: number;
  currency: string;
  category_id: number;
  business_type: string;
  is_income: number;
  amount: number | string | bigint;
  minor: bigint;
  frac: bigint;
}

/** The key and valued amount of a total, then its value, in the order storeValues binds them. */
const valueTuple = (r: ValuedTotal) =>
  sql`(cast(${r.day} as integer), cast(${r.currency} as text), cast(${r.category_id} as integer), cast(${r.business_type} as text), cast(${r.is_income} as integer), cast(${String(r.amount)} as bigint), cast(${String(r.minor)} as bigint), cast(${String(r.frac)} as bigint))`;

/**
 * Stores the values of totals (UPDATE … FROM, on SQLite and PostgreSQL). Each names the amount it
 * valued and finds its total still unvalued, so a value is never stored over a total that changed
 * since it was read. Many values go into a temporary table first and then in one UPDATE: a
 * VALUES list per thousand totals was three times slower on SQLite and twice on PostgreSQL
 * (1.1 s and 4.0 s for 95,000 totals, against 0.4 s and 2.3 s).
 */
async function storeValues(db: Kysely<DB>, userId: number, rows: readonly ValuedTotal[]): Promise<void> {
  // None left: another report valued them first.
  if (rows.length === 0) return;
  const update = (from: RawBuilder<unknown>) => sql`update daily_totals set main_minor = v.minor, main_frac = v.frac
    from ${from}
    where daily_totals.user_id = ${userId} and daily_totals.day = v.day and daily_totals.currency = v.currency
      and daily_totals.category_id = v.category_id and daily_totals.business_type = v.business_type
      and daily_totals.is_income = v.is_income and daily_totals.amount = v.amount
      and daily_totals.main_minor is null`;
  if (rows.length <= VALUES_PER_UPDATE) {
    const values = sql.join(rows.map(valueTuple));
    await sql`with v (day, currency, category_id, business_type, is_income, amount, minor, frac) as (values ${values}) ${update(sql`v`)}`.execute(
      db,
    );
    return;
  }
  // Dropped at the end, or with the caller's transaction when it fails (DDL is transactional in both).
  await sql`create temp table valued_totals (day integer, currency text, category_id integer, business_type text,
    is_income integer, amount bigint, minor bigint, frac bigint)`.execute(db);
  for (let j = 0; j < rows.length; j += VALUES_PER_UPDATE)
    await sql`insert into valued_totals values ${sql.join(rows.slice(j, j + VALUES_PER_UPDATE).map(valueTuple))}`.execute(
      db,
    );
  await update(sql`valued_totals v`).execute(db);
  await sql`drop table valued_totals`.execute(db);
}

/** Which of the months hold a total without a value (an index seek per month: user, month, main_minor). */
async function unvaluedMonths(db: Kysely<DB>, userId: number, months: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('daily_totals')
    .select('month')
    .distinct()
    .where('user_id', '=', userId)
    .where('month', 'in', months)
    .where('main_minor', 'is', null)
    .execute();
  return rows.map((r) => r.month);
}

/** Values the totals of the months that have none (in the caller's transaction); answers how many. */
async function valueMonths(
  trx: Kysely<DB>,
  userId: number,
  converter: Converter,
  months: readonly number[],
): Promise<number> {
  const rows = await trx
    .selectFrom('daily_totals')
    .select(['day', 'currency', 'category_id', 'business_type', 'is_income', 'amount'])
    .where('user_id', '=', userId)
    .where('month', 'in', months)
    .where('main_minor', 'is', null)
    // Locked as read, in key order (PostgreSQL): two reports valuing at once, or a report and
    // a write (which changes its totals in the same order), take the rows in the same order
    // and never deadlock; the later one finds them valued and leaves them. SQLite has no row
    // locks, and asked for that order it walks the user's whole history by primary key
    // instead of the few unvalued totals of the months (daily_totals_user_month).
    .$if(isPostgres(trx), (q) =>
      q
        .orderBy('day')
        .orderBy('currency')
        .orderBy('category_id')
        .orderBy('business_type')
        .orderBy('is_income')
        .forUpdate(),
    )
    .execute();
  const valued = rows.map((r) => ({
    ...r,
    ...splitScaled(scaledValue(converter, BigInt(r.amount), r.currency, r.day)),
  }));
  // A few statements instead of one per total: on PostgreSQL every statement is a round trip,
  // and under load these were most of a report's time.
  await storeValues(trx, userId, valued);
  return rows.length;
}

/**
 * Rebuilds the monthly_main (and monthly_main_currency) rows of the dirty months whose totals all have values, and takes each
 * off the list unless it changed again meanwhile (its version moved on); answers how many.
 */
async function rollUpMonths(
  trx: Kysely<DB>,
  userId: number,
  slice: readonly { month: number; version: number }[],
): Promise<number> {
  // Two reports of the user rolling up the same month at once would insert its rows twice:
  // one does it, the other reads the months by day this time.
  if (!(await tryLockUserReports(trx, userId))) return 0;
  const waiting = new Set(
    await unvaluedMonths(
      trx,
      userId,
      slice.map((d) => d.month),
    ),
  );
  // A month with a total still unvalued had a write come in: the next report rebuilds it.
  const ready = slice.filter((d) => !waiting.has(d.month));
  if (ready.length === 0) return 0;
  const months = ready.map((d) => d.month);
  // monthly_main by category and monthly_main_currency by currency (migration 0026): the same
  // valued totals summed two ways, rebuilt together.
  for (const [table, by] of ROLL_UPS) {
    // One shape for both tables; the casts only let Kysely type the shared columns.
    const into = table as 'monthly_main';
    const group = by as 'category_id';
    await trx.deleteFrom(into).where('user_id', '=', userId).where('month', 'in', months).execute();
    await trx
      .insertInto(into)
      .columns(['user_id', 'month', group, 'kind', 'business_type', 'is_income', 'main_minor', 'main_frac'])
      .expression((eb) =>
        eb
          .selectFrom('daily_totals')
          .select([
            'user_id',
            'month',
            group,
            'kind',
            'business_type',
            'is_income',
            sql<number>`sum(main_minor)`.as('main_minor'),
            sql<number>`sum(main_frac)`.as('main_frac'),
          ])
          .where('user_id', '=', userId)
          .where('month', 'in', months)
          // On PostgreSQL a write may commit between the check above and this statement (read
          // committed): its unvalued total is left out, and as it moved the month's version on,
          // the month stays dirty below and is read by day until the next rebuild.
          .where('main_minor', 'is not', null)
          .groupBy(['user_id', 'month', group, 'kind', 'business_type', 'is_income']),
      )
      .execute();
  }
  await trx
    .deleteFrom('dirty_months')
    .where('user_id', '=', userId)
    .where((eb) => eb.or(ready.map((d) => eb.and([eb('month', '=', d.month), eb('version', '=', d.version)]))))
    .execute();
  return ready.length;
}

/**
 * Rolls up the listed months right after a batch wrote their totals with values (write-values.ts),
 * in the writer's transaction, so the first report after an import or a restore reads one row per
 * month. A month with a total still unvalued (a missing rate) stays listed for the reports.
 */
export async function rollUpWritten(trx: Kysely<DB>, userId: number, months: readonly number[]): Promise<void> {
  if (months.length === 0) return;
  const listed = await trx
    .selectFrom('dirty_months')
    .select(['month', 'version'])
    .where('user_id', '=', userId)
    .execute();
  const wanted = new Set(months);
  const slice = listed.filter((d) => wanted.has(d.month));
  for (let i = 0; i < slice.length; i += MONTHS_PER_ROLL_UP)
    await rollUpMonths(trx, userId, slice.slice(i, i + MONTHS_PER_ROLL_UP));
}

/** SQL for the stored values: which totals wait for one, storing them, and clearing them. */
export class MainValuesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The users with months waiting for values or roll-ups, with their main currency (the background revaluation's list). */
  async usersWithDirtyMonths(): Promise<{ userId: number; mainCurrency: string | null }[]> {
    return this.db
      .selectFrom('users')
      .select(['users.id as userId', 'users.main_currency as mainCurrency'])
      .where((eb) =>
        eb.exists(eb.selectFrom('dirty_months').select('month').whereRef('dirty_months.user_id', '=', 'users.id')),
      )
      .execute();
  }

  /** Whether the values already follow this rate table (another process cleared them for it). */
  async remembers(fingerprint: string): Promise<boolean> {
    const known = await this.db
      .selectFrom('ledger_meta')
      .select('value')
      .where('key', '=', RATES_KEY)
      .executeTakeFirst();
    return known?.value === fingerprint;
  }

  /**
   * Values every total of the user that has none (new or changed since, or its rates changed),
   * and rebuilds the roll-ups of the dirty months among `wholeMonths`, the months a report is
   * about to read whole. Other dirty months wait: reports read them by day until one reads them
   * whole. Under load most writes land in months no report reads whole (a month to date, the
   * balances), and rebuilding their roll-ups after every write was a tenth of the server's time.
   */
  async settle(userId: number, converter: Converter, wholeMonths?: MonthRange): Promise<number> {
    // Whatever clears a value lists its month in dirty_months in the same transaction, and a month
    // leaves the list only once all its totals have values, so the unvalued totals lie in listed
    // months: one tiny query when nothing changed, then an index seek per listed month
    // (daily_totals_user_month: user, month, main_minor). Asking the whole history for unvalued
    // totals instead let PostgreSQL, on statistics taken while every total was unvalued (after
    // a bulk load), read all of the user's totals (20 ms at 100k).
    const listed = await this.db
      .selectFrom('dirty_months')
      .select(['month', 'version'])
      .where('user_id', '=', userId)
      .execute();
    if (listed.length === 0) return 0;
    const unvalued = await unvaluedMonths(
      this.db,
      userId,
      listed.map((d) => d.month),
    );
    const dirty =
      wholeMonths === undefined ? [] : listed.filter((d) => d.month >= wholeMonths[0] && d.month <= wholeMonths[1]);
    if (unvalued.length === 0 && dirty.length === 0) return 0;
    // The usual case under load, a write or two since the last report: valued and rolled up in one
    // transaction, one commit. SQLite only: on PostgreSQL the valuing holds row locks on totals,
    // and holding them on into the roll-up's dirty_months delete could close a cycle with a write
    // that marks one month dirty before it changes another month's totals.
    if (unvalued.length <= MONTHS_PER_BATCH && dirty.length <= MONTHS_PER_ROLL_UP && !isPostgres(this.db))
      return derivedTransaction(this.db, async (trx) => {
        const valued = unvalued.length === 0 ? 0 : await valueMonths(trx, userId, converter, unvalued);
        return valued + (dirty.length === 0 ? 0 : await rollUpMonths(trx, userId, dirty));
      });
    // A few months at a time, so a history cleared at once (a bulk load, new rates) is valued in
    // bounded memory.
    let valuedCount = 0;
    for (let i = 0; i < unvalued.length; i += MONTHS_PER_BATCH) {
      const months = unvalued.slice(i, i + MONTHS_PER_BATCH);
      valuedCount += await derivedTransaction(this.db, (trx) => valueMonths(trx, userId, converter, months));
    }
    // All months in transactions of a handful of statements each, however many are dirty.
    let rebuilt = 0;
    for (let i = 0; i < dirty.length; i += MONTHS_PER_ROLL_UP) {
      const slice = dirty.slice(i, i + MONTHS_PER_ROLL_UP);
      rebuilt += await derivedTransaction(this.db, (trx) => rollUpMonths(trx, userId, slice));
    }
    return valuedCount + rebuilt;
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
    if (await this.remembers(fingerprint)) return;
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
