import { dayFromIso, isoFromDay } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RateRow } from './rate-table.js';

// Postgres allows 65535 bind parameters per statement; 6 columns a row.
const BATCH = 1000;

/** Takes the next store number (rates_version, migration 0015). */
async function nextVersion(trx: Kysely<DB>): Promise<number> {
  const row = await trx
    .updateTable('rates_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/** SQL for stored (live and imported) exchange rates. */
export class RatesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every stored row, oldest day first. */
  async all(): Promise<RateRow[]> {
    const rows = await this.db
      .selectFrom('exchange_rates')
      .select(['day', 'currency', 'rate', 'source'])
      .orderBy('day')
      .execute();
    return rows.map((r) => ({ day: dayFromIso(r.day) ?? 0, currency: r.currency, rate: r.rate, source: r.source }));
  }

  /**
   * Inserts rows, replacing stored rows of the same day and currency, all in one transaction.
   * With keepImports, rows imported by hand (source "import:…") are not replaced: a feed refresh
   * must not undo a correction.
   */
  async upsert(rows: readonly RateRow[], at: number, keepImports = false): Promise<void> {
    // One row per day and currency (the last wins): PostgreSQL refuses to update a row twice in one statement.
    const unique = [...new Map(rows.map((r) => [`${r.day}|${r.currency}`, r])).values()];
    if (unique.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      // The store's number first: whoever reads the new version finds these rows under it.
      const version = await nextVersion(trx);
      for (let i = 0; i < unique.length; i += BATCH) {
        const values = unique.slice(i, i + BATCH).map((r) => ({
          day: isoFromDay(r.day),
          currency: r.currency,
          rate: r.rate,
          source: r.source,
          stored_at: at,
          version,
        }));
        await trx
          .insertInto('exchange_rates')
          .values(values)
          .onConflict((oc) => {
            const update = oc.columns(['day', 'currency']).doUpdateSet((eb) => ({
              rate: eb.ref('excluded.rate'),
              source: eb.ref('excluded.source'),
              stored_at: eb.ref('excluded.stored_at'),
              version: eb.ref('excluded.version'),
            }));
            return keepImports ? update.where('exchange_rates.source', 'not like', 'import:%') : update;
          })
          .execute();
      }
    });
  }

  /** The number of the latest store: a primary-key read that moves with every store. */
  async version(): Promise<number> {
    const row = await this.db.selectFrom('rates_version').select('version').where('id', '=', 1).executeTakeFirst();
    return row?.version ?? 0;
  }

  /**
   * Keeps the outcome of a refresh attempt (migration 0031): when it ran and the error that
   * failed it, or null when it stored rates (then it is also the last time rates were stored).
   */
  async recordRefresh(at: number, error: string | null): Promise<void> {
    await this.db
      .updateTable('rates_version')
      .set(
        error === null
          ? { refresh_at: at, refresh_error: null, refresh_ok_at: at }
          : { refresh_at: at, refresh_error: error },
      )
      .where('id', '=', 1)
      .execute();
  }

  /** The last refresh attempt of any process; undefined before the first. */
  async lastRefresh(): Promise<{ at: number; error: string | null; okAt: number | null } | undefined> {
    const row = await this.db
      .selectFrom('rates_version')
      .select(['refresh_at', 'refresh_error', 'refresh_ok_at'])
      .where('id', '=', 1)
      .executeTakeFirst();
    if (row?.refresh_at == null) return undefined;
    return { at: row.refresh_at, error: row.refresh_error, okAt: row.refresh_ok_at };
  }

  /** The first day of the rows stored after store number `version`; undefined when there are none. */
  async firstDayStoredAfter(version: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('exchange_rates')
      .select((eb) => eb.fn.min('day').as('day'))
      .where('version', '>', version)
      .executeTakeFirst();
    return row?.day == null ? undefined : dayFromIso(row.day);
  }

  /** How many rows are stored and when the latest was: changes whenever a feed or import stores. */
  async storedState(): Promise<string> {
    const row = await this.db
      .selectFrom('exchange_rates')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('stored_at').as('at')])
      .executeTakeFirst();
    return `${String(row?.n ?? 0)}/${String(row?.at ?? 0)}`;
  }
}
