import type { ConfirmOccurrenceBody, PostedOccurrence, Schedule, ScheduleInput, Upcoming } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { lockUserLedger } from '../../db/user-lock.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import type { ConversionsService } from '../conversions/service.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import type { LedgerReader } from '../ledger/index.js';
import type { TransactionsService } from '../transactions/service.js';
import { OccurrencePoster } from './occurrence-post.js';
import { checkedPosting, postingTime } from './posting-check.js';
import {
  addDays,
  dateOfMs,
  isOccurrence,
  parseRecurrence,
  pendingPostings,
  postingDate,
  type Recurrence,
} from './recurrence.js';
import { SchedulesRepository, type ScheduleRow } from './repository.js';
import { scheduleView } from './schedule-view.js';
import { byPostingOrder, upcomingAnswer, type PendingOccurrence } from './upcoming.js';

/** What the job did in one run. */
export interface PostingRun {
  posted: number;
  failed: number;
}

/**
 * Scheduled entries (docs/DECISIONS.md, Scheduled entries): the schedules, their pending
 * occurrences, confirm and skip, the projection of schedule/upcoming and the posting job. Posting
 * checks and writes through the transactions and conversions services, in one database
 * transaction with the occurrence row whose unique key makes it happen once.
 */
export class SchedulesService {
  private readonly schedules: SchedulesRepository;
  private readonly currencies: UserCurrenciesRepository;
  private readonly poster: OccurrencePoster;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly transactions: TransactionsService,
    private readonly conversions: ConversionsService,
    private readonly ledger: LedgerReader,
    private readonly now: () => number = Date.now,
  ) {
    this.schedules = new SchedulesRepository(db);
    this.currencies = new UserCurrenciesRepository(db);
    this.poster = new OccurrencePoster(db, transactions, conversions, now);
  }

  /** Today as a calendar date: the UTC day, as every day of the books (DESIGN §3). */
  today(): string {
    return dateOfMs(this.now());
  }

  /** The schedule's rule read again; a stored rule the library no longer reads is a 400 naming `rule`. */
  private recurrenceOf(s: Pick<ScheduleRow, 'rule' | 'start' | 'end'>): Recurrence {
    const parsed = parseRecurrence(s.rule, s.start, s.end);
    if (!parsed.ok) throw badRequest(`rule: ${parsed.message}`);
    return parsed.recurrence;
  }

  private async require(owner: Owner, id: number): Promise<ScheduleRow> {
    const row = await this.schedules.find(owner.id, id);
    if (row === undefined) throw notFound(`Schedule ${id} not found`);
    return row;
  }

  /**
   * Checks an input (rule, category, currencies, amounts exactly as transaction/add and
   * conversion/add check them, with a stand-in amount when it asks each time) and returns the
   * fields to store.
   */
  private async fields(owner: Owner, input: ScheduleInput): Promise<Omit<ScheduleRow, 'id' | 'userId'>> {
    const end = input.end ?? null;
    this.recurrenceOf({ rule: input.rule, start: input.start, end });
    // The time only matters to the stand-in check (a category's or currency's rules do not depend on it).
    const time = postingTime(input.start);
    const posting = await checkedPosting(this.transactions, this.conversions, owner, input.payload, time);
    return { rule: input.rule, start: input.start, end, mode: input.mode, weekend: input.weekend, posting };
  }

  /** The schedules with their next posting date and due count, as the API sends them. */
  private async present(owner: Owner, rows: readonly ScheduleRow[]): Promise<Schedule[]> {
    const handled = await this.handled(owner, rows);
    const today = this.today();
    return rows.map((row) =>
      scheduleView(row, this.recurrenceOf(row), handled.get(row.id) ?? new Set<string>(), today),
    );
  }
  /** The handled (posted or skipped) occurrences per schedule. */
  private async handled(owner: Owner, rows: readonly ScheduleRow[]): Promise<Map<number, Set<string>>> {
    const byId = new Map<number, Set<string>>();
    for (const o of await this.schedules.occurrences(
      owner.id,
      rows.map((r) => r.id),
    )) {
      const set = byId.get(o.scheduleId) ?? new Set<string>();
      set.add(o.occurrence);
      byId.set(o.scheduleId, set);
    }
    return byId;
  }

  async list(owner: Owner): Promise<Schedule[]> {
    return this.present(owner, await this.schedules.list(owner.id));
  }

  async add(owner: Owner, input: ScheduleInput): Promise<Schedule> {
    const fields = await this.fields(owner, input);
    const id = await this.schedules.insert(owner.id, fields, this.now());
    return this.one(owner, id);
  }

  /** The whole schedule again; occurrences already posted or skipped stay as they are. */
  async update(owner: Owner, id: number, input: ScheduleInput): Promise<Schedule> {
    await this.require(owner, id);
    const fields = await this.fields(owner, input);
    if (!(await this.schedules.update(owner.id, id, fields, this.now()))) throw notFound(`Schedule ${id} not found`);
    return this.one(owner, id);
  }

  private async one(owner: Owner, id: number): Promise<Schedule> {
    const [schedule] = await this.present(owner, [await this.require(owner, id)]);
    if (schedule === undefined) throw notFound(`Schedule ${id} not found`);
    return schedule;
  }

  /** Deletes the schedule and its occurrence records; the rows it posted stay in the books. */
  async delete(owner: Owner, id: number): Promise<void> {
    if (!(await this.schedules.delete(owner.id, id))) throw notFound(`Schedule ${id} not found`);
  }

  /** 400 naming `occurrence` unless the rule has that date. */
  private requireOccurrence(schedule: ScheduleRow, occurrence: string): void {
    if (!isOccurrence(this.recurrenceOf(schedule), occurrence)) {
      throw badRequest(`occurrence: ${occurrence} is not a date of schedule ${schedule.id}`);
    }
  }

  /** 409 naming how the occurrence was handled. */
  private async alreadyHandled(owner: Owner, schedule: ScheduleRow, occurrence: string): Promise<AppError> {
    const status = await this.schedules.statusOf(owner.id, schedule.id, occurrence);
    return conflict(`occurrence: ${occurrence} of schedule ${schedule.id} was already ${status ?? 'handled'}`);
  }

  /**
   * Posts one occurrence now (schedule/confirm): the schedule's transaction or conversion, with
   * this posting's changes, dated noon UTC of the posting date (or of `date`).
   */
  async confirm(owner: Owner, id: number, body: ConfirmOccurrenceBody): Promise<PostedOccurrence> {
    const schedule = await this.require(owner, id);
    this.requireOccurrence(schedule, body.occurrence);
    // Handled already: 409 before any check of the amounts (a second click of the same confirm).
    if ((await this.schedules.statusOf(owner.id, schedule.id, body.occurrence)) !== undefined) {
      throw await this.alreadyHandled(owner, schedule, body.occurrence);
    }
    const date = body.date ?? postingDate(body.occurrence, schedule.weekend);
    const posted = await this.poster.post(owner, schedule, body.occurrence, date, body);
    if (posted === undefined) throw await this.alreadyHandled(owner, schedule, body.occurrence);
    return posted;
  }

  /** Passes an occurrence over for good (schedule/skip). */
  async skip(owner: Owner, id: number, occurrence: string): Promise<void> {
    const schedule = await this.require(owner, id);
    this.requireOccurrence(schedule, occurrence);
    const claimed = await this.db.transaction().execute(async (trx) => {
      await lockUserLedger(trx, owner.id);
      return new SchedulesRepository(trx).claim(owner.id, schedule.id, occurrence, 'skipped', null, this.now());
    });
    if (!claimed) throw await this.alreadyHandled(owner, schedule, occurrence);
  }

  /**
   * The pending occurrences of the user's schedules whose posting date is on or before `until`
   * (overdue ones included), by posting date, then schedule id, then occurrence.
   */
  async pending(owner: Owner, until: string, rows?: readonly ScheduleRow[]): Promise<PendingOccurrence[]> {
    const schedules = rows ?? (await this.schedules.list(owner.id));
    const handled = await this.handled(owner, schedules);
    const items: PendingOccurrence[] = [];
    for (const schedule of schedules) {
      const done = handled.get(schedule.id) ?? new Set<string>();
      const r = this.recurrenceOf(schedule);
      for (const p of pendingPostings(r, schedule.weekend, done, until)) items.push({ ...p, schedule });
    }
    return items.sort(byPostingOrder);
  }

  /**
   * schedule/upcoming: the pending occurrences due by today or within `days` after it, with
   * today's available balance per currency and, after each item, the projected balance of the
   * currencies it moves (every earlier item counted). An "ask each time" item moves none.
   */
  async upcoming(owner: Owner, days: number): Promise<Upcoming> {
    const today = this.today();
    const items = await this.pending(owner, addDays(today, days));
    const balances = await this.ledger.available(owner.id, this.now());
    // Every currency of the user, also those without any money yet.
    for (const c of await this.currencies.list(owner.id)) if (!balances.has(c.code)) balances.set(c.code, 0n);
    return upcomingAnswer(today, items, balances);
  }

  /**
   * The job's work: posts every due occurrence (posting date today or earlier) of every user's
   * schedules in post mode with their amounts set. An occurrence another instance or a confirm
   * posted meanwhile is passed over (its key is taken); one that cannot be posted (a category
   * closed since, a currency removed) is logged and stays due for the user to see.
   */
  async postDue(log: { warn(obj: object, msg: string): void }): Promise<PostingRun> {
    const run: PostingRun = { posted: 0, failed: 0 };
    const today = this.today();
    const byUser = new Map<number, { owner: Owner; schedules: ScheduleRow[] }>();
    for (const { schedule, mainCurrency } of await this.schedules.postable()) {
      const entry = byUser.get(schedule.userId) ?? { owner: { id: schedule.userId, mainCurrency }, schedules: [] };
      entry.schedules.push(schedule);
      byUser.set(schedule.userId, entry);
    }
    for (const { owner, schedules } of byUser.values()) {
      let due: PendingOccurrence[];
      try {
        due = await this.pending(owner, today, schedules);
      } catch (err) {
        run.failed += 1;
        log.warn({ userId: owner.id, error: String(err) }, 'could not read the schedules to post');
        continue;
      }
      for (const item of due) {
        try {
          const posted = await this.poster.post(owner, item.schedule, item.occurrence, item.date, {});
          if (posted !== undefined) run.posted += 1;
        } catch (err) {
          run.failed += 1;
          log.warn(
            { userId: owner.id, scheduleId: item.schedule.id, occurrence: item.occurrence, error: String(err) },
            'could not post a scheduled occurrence; it stays due',
          );
        }
      }
    }
    return run;
  }
}
