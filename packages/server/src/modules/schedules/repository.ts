import type { Minor } from '@kassa/money';
import type { BusinessType, ScheduleMode, WeekendRule } from '@kassa/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, SchedulesTable } from '../../db/schema.js';

/** What a schedule posts, each amount in its currency (null = ask each time). */
export type SchedulePosting =
  | {
      kind: 'transaction';
      categoryId: number;
      currency: string;
      amount: Minor | null;
      isIncome: boolean;
      businessType: BusinessType | null;
      description: string;
    }
  | {
      kind: 'conversion';
      fromCurrency: string;
      fromAmount: Minor | null;
      toCurrency: string;
      toAmount: Minor | null;
      description: string;
    };

/** A schedule as the service sees it; dates are "YYYY-MM-DD". */
export interface ScheduleRow {
  id: number;
  userId: number;
  rule: string;
  start: string;
  end: string | null;
  mode: ScheduleMode;
  weekend: WeekendRule;
  posting: SchedulePosting;
}

/** An occurrence that was posted or skipped. */
export interface OccurrenceRow {
  scheduleId: number;
  occurrence: string;
  status: 'posted' | 'skipped';
  postedDate: string | null;
  transactionId: number | null;
  conversionId: number | null;
}

function toRow(r: Selectable<SchedulesTable>): ScheduleRow {
  const posting: SchedulePosting =
    r.kind === 'transaction'
      ? {
          kind: 'transaction',
          categoryId: r.category_id ?? 0,
          currency: r.currency ?? '',
          amount: r.amount,
          isIncome: r.is_income === 1,
          businessType: r.business_type,
          description: r.description,
        }
      : {
          kind: 'conversion',
          fromCurrency: r.from_currency ?? '',
          fromAmount: r.from_amount,
          toCurrency: r.to_currency ?? '',
          toAmount: r.to_amount,
          description: r.description,
        };
  return {
    id: r.id,
    userId: r.user_id,
    rule: r.rule,
    start: r.start_date,
    end: r.end_date,
    mode: r.mode,
    weekend: r.weekend,
    posting,
  };
}

/** The columns of a schedule; the other kind's columns are null. */
export function scheduleColumns(s: Omit<ScheduleRow, 'id' | 'userId'>) {
  const p = s.posting;
  return {
    rule: s.rule,
    start_date: s.start,
    end_date: s.end,
    mode: s.mode,
    weekend: s.weekend,
    kind: p.kind,
    category_id: p.kind === 'transaction' ? p.categoryId : null,
    currency: p.kind === 'transaction' ? p.currency : null,
    amount: p.kind === 'transaction' ? p.amount : null,
    is_income: p.kind === 'transaction' ? (p.isIncome ? 1 : 0) : null,
    business_type: p.kind === 'transaction' ? p.businessType : null,
    from_currency: p.kind === 'conversion' ? p.fromCurrency : null,
    from_amount: p.kind === 'conversion' ? p.fromAmount : null,
    to_currency: p.kind === 'conversion' ? p.toCurrency : null,
    to_amount: p.kind === 'conversion' ? p.toAmount : null,
    description: p.description,
  };
}

/** SQL of schedules and their occurrences; every query is scoped by user, but the job's list. */
export class SchedulesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's schedules by id. */
  async list(userId: number): Promise<ScheduleRow[]> {
    const rows = await this.db
      .selectFrom('schedules')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(toRow);
  }

  async find(userId: number, id: number): Promise<ScheduleRow | undefined> {
    const row = await this.db
      .selectFrom('schedules')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toRow(row);
  }

  /**
   * Every user's schedules in post mode with their amounts set (the job posts only those), with
   * the owner's main currency, by user then id.
   */
  async postable(): Promise<{ schedule: ScheduleRow; mainCurrency: string | null }[]> {
    const rows = await this.db
      .selectFrom('schedules')
      .innerJoin('users', 'users.id', 'schedules.user_id')
      .selectAll('schedules')
      .select('users.main_currency')
      .where('schedules.mode', '=', 'post')
      .where((eb) =>
        eb.or([
          eb.and([eb('schedules.kind', '=', 'transaction'), eb('schedules.amount', 'is not', null)]),
          eb.and([eb('schedules.kind', '=', 'conversion'), eb('schedules.from_amount', 'is not', null)]),
        ]),
      )
      .orderBy('schedules.user_id')
      .orderBy('schedules.id')
      .execute();
    return rows.map((r) => ({ schedule: toRow(r), mainCurrency: r.main_currency }));
  }

  async insert(userId: number, s: Omit<ScheduleRow, 'id' | 'userId'>, at: number): Promise<number> {
    const row = await this.db
      .insertInto('schedules')
      .values({ user_id: userId, ...scheduleColumns(s), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** False when the schedule is gone (or another user's). */
  async update(userId: number, id: number, s: Omit<ScheduleRow, 'id' | 'userId'>, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('schedules')
      .set({ ...scheduleColumns(s), updated_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Deletes the schedule and its occurrence rows (foreign key cascade); false when there was none. */
  async delete(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('schedules')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  /** The posted and skipped occurrences of the given schedules of the user. */
  async occurrences(userId: number, scheduleIds: readonly number[]): Promise<OccurrenceRow[]> {
    if (scheduleIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('schedule_occurrences')
      .select(['schedule_id', 'occurrence', 'status', 'posted_date', 'transaction_id', 'conversion_id'])
      .where('user_id', '=', userId)
      .where('schedule_id', 'in', scheduleIds)
      .orderBy('schedule_id')
      .orderBy('occurrence')
      .execute();
    return rows.map((r) => ({
      scheduleId: r.schedule_id,
      occurrence: r.occurrence,
      status: r.status,
      postedDate: r.posted_date,
      transactionId: r.transaction_id,
      conversionId: r.conversion_id,
    }));
  }

  /** How the occurrence was handled; undefined while it is pending. */
  async statusOf(userId: number, scheduleId: number, occurrence: string): Promise<'posted' | 'skipped' | undefined> {
    const row = await this.db
      .selectFrom('schedule_occurrences')
      .select('status')
      .where('user_id', '=', userId)
      .where('schedule_id', '=', scheduleId)
      .where('occurrence', '=', occurrence)
      .executeTakeFirst();
    return row?.status;
  }

  /**
   * Takes the occurrence: inserts its row unless (schedule_id, occurrence) is there already. True
   * when this call inserted it. Within a database transaction, the unique key makes a concurrent
   * claimer wait for this one's end and then find the row: one claim wins, on both dialects.
   */
  async claim(
    userId: number,
    scheduleId: number,
    occurrence: string,
    status: 'posted' | 'skipped',
    postedDate: string | null,
    at: number,
  ): Promise<boolean> {
    const result = await this.db
      .insertInto('schedule_occurrences')
      .values({
        user_id: userId,
        schedule_id: scheduleId,
        occurrence,
        status,
        posted_date: postedDate,
        transaction_id: null,
        conversion_id: null,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['schedule_id', 'occurrence']).doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n;
  }

  /** Records the row a claimed occurrence wrote. */
  async setWritten(
    userId: number,
    scheduleId: number,
    occurrence: string,
    written: { transactionId: number } | { conversionId: number },
  ): Promise<void> {
    await this.db
      .updateTable('schedule_occurrences')
      .set(
        'transactionId' in written
          ? { transaction_id: written.transactionId }
          : { conversion_id: written.conversionId },
      )
      .where('user_id', '=', userId)
      .where('schedule_id', '=', scheduleId)
      .where('occurrence', '=', occurrence)
      .execute();
  }

  /**
   * Makes the occurrences that wrote these transactions pending again (import undo removes the
   * rows); returns how many.
   */
  async releaseTransactions(userId: number, transactionIds: readonly number[]): Promise<number> {
    let released = 0;
    // Chunks keep the statement under either dialect's parameter limit.
    for (let i = 0; i < transactionIds.length; i += 500) {
      const result = await this.db
        .deleteFrom('schedule_occurrences')
        .where('user_id', '=', userId)
        .where('transaction_id', 'in', transactionIds.slice(i, i + 500))
        .executeTakeFirst();
      released += Number(result.numDeletedRows);
    }
    return released;
  }
}
