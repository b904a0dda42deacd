import type { Kysely } from 'kysely';
import { idSlices } from '../../db/id-slices.js';
import type { DB } from '../../db/schema.js';
import { UsersRepository } from '../users/repository.js';
import type { Converter } from '../rates/conversion.js';
import { totalKey, UNVALUED, type NativeTotal, type StoredValue, type TotalDelta } from './daily-totals.js';
import { scaledValue, splitScaled } from './main-values.js';

// Values written with the totals (issue 33): a batch (an import, a restore, seeding) stores each
// changed daily total together with its main-currency value, in the same INSERT, instead of
// leaving it for the first report to value and store again one UPDATE per total (2 s at 100k on
// SQLite, 4 s on PostgreSQL, docs/benchmarks.md). The values are the ones main-values.ts stores.

/**
 * The user's main-currency converter on the rates in use (RatesService.mainConverter); undefined
 * without a main currency. A batch given one values what it writes.
 */
export type MainValuation = (mainCurrency: string | null) => Converter | undefined;

/**
 * The stored value of a total of `amount` on the day, or none when a rate is missing (the report
 * that reads it says so) or the value does not fit a double exactly (main-values.ts stores those).
 */
export function storedValue(
  converter: Converter | undefined,
  amount: bigint,
  currency: string,
  day: number,
): StoredValue {
  if (converter === undefined) return UNVALUED;
  let scaled: bigint;
  try {
    scaled = scaledValue(converter, amount, currency, day);
  } catch {
    return UNVALUED;
  }
  const { minor, frac } = splitScaled(scaled);
  const main_minor = Number(minor);
  return Number.isSafeInteger(main_minor) ? { main_minor, main_frac: Number(frac) } : UNVALUED;
}

/** The converter a batch values with: the user's main currency as it stands in the transaction (a restore may just have set it). */
export async function converterOf(
  db: Kysely<DB>,
  userId: number,
  valuation: MainValuation | undefined,
): Promise<Converter | undefined> {
  if (valuation === undefined) return undefined;
  const user = await new UsersRepository(db).findById(userId);
  return valuation(user?.mainCurrency ?? null);
}

/** Fresh totals (a rebuild) with their values. */
export function withValues(
  totals: readonly NativeTotal[],
  converter: Converter | undefined,
): (NativeTotal & StoredValue)[] {
  return totals.map((t) => ({ ...t, ...storedValue(converter, BigInt(t.amount), t.currency, t.day) }));
}

/**
 * The values the changed totals will have once the deltas are added: the amounts they hold now
 * (read by the days the deltas touch) plus the deltas. The caller holds the user's ledger lock,
 * so no other write changes those amounts before its own statement does.
 */
export async function valuesAfter(
  db: Kysely<DB>,
  userId: number,
  deltas: readonly TotalDelta[],
  converter: Converter | undefined,
): Promise<Map<string, StoredValue>> {
  const values = new Map<string, StoredValue>();
  if (converter === undefined || deltas.length === 0) return values;
  const held = new Map<string, bigint>();
  const days = [...new Set(deltas.map((d) => d.day))];
  for (const slice of idSlices(days)) {
    const rows = await db
      .selectFrom('daily_totals')
      .select(['day', 'currency', 'category_id', 'business_type', 'is_income', 'amount'])
      .where('user_id', '=', userId)
      .where('day', 'in', slice)
      .execute();
    // bigint: PostgreSQL answers text.
    for (const r of rows) held.set(totalKey(r), BigInt(r.amount));
  }
  for (const d of deltas) {
    const key = totalKey(d);
    values.set(key, storedValue(converter, (held.get(key) ?? 0n) + BigInt(d.amount), d.currency, d.day));
  }
  return values;
}
