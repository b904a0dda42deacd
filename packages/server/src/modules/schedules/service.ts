import type {
  ConfirmOccurrenceBody,
  PostedOccurrence,
  Schedule,
  ScheduleInput,
  SchedulePayload,
  Upcoming,
  UpcomingItem,
} from '@kassa/contract';
import { currencyInfo, minorToMajor } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { lockUserLedger } from '../../db/user-lock.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import type { ConversionsService } from '../conversions/service.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import type { LedgerReader } from '../ledger/index.js';
import { LedgerWriter } from '../ledger/index.js';
import type { TransactionsService } from '../transactions/service.js';
import {
  addDays,
  dateOfMs,
  firstOnOrAfter,
  isOccurrence,
  MAX_OCCURRENCES,
  msOfDate,
  parseRecurrence,
  pendingPostings,
  postingDate,
  postingsBetween,
  type Posting,
  type Recurrence,
} from './recurrence.js';
import { SchedulesRepository, type SchedulePosting, type ScheduleRow } from './repository.js';

/** A posted row's instant: noon UTC of its posting date, so its UTC day (which picks its rate) is that date. */
const POSTING_HOUR_MS = 12 * 3_600_000;

/** The instant a row posted on `date` is stored at. */
export const postingTime = (date: string): number => msOfDate(date) + POSTING_HOUR_MS;

/** What confirm may change of one posting. */
type ConfirmChanges = Omit<ConfirmOccurrenceBody, 'occurrence'>;

/** A pending occurrence of a schedule. */
export interface PendingOccurrence extends Posting {
  schedule: ScheduleRow;
}

/** What the job did in one run. */
export interface PostingRun {
  posted: number;
  failed: number;
}

const major = (minor: number | null, currency: string): number | null =>
  minor === null ? null : minorToMajor(BigInt(minor), currencyInfo(currency).decimals);

/** The API's payload of a stored schedule (amounts in major units). */
function payloadOf(p: SchedulePosting): SchedulePayload {
  return p.kind === 'transaction'
    ? {
        kind: 'transaction',
        amount: major(p.amount, p.currency),
        currency: p.currency,
        categoryId: p.categoryId,
        description: p.description,
        isIncome: p.isIncome,
        type: p.businessType,
      }
    : {
        kind: 'conversion',
        fromAmount: major(p.fromAmount, p.fromCurrency),
        fromCurrency: p.fromCurrency,
        toAmount: major(p.toAmount, p.toCurrency),
        toCurrency: p.toCurrency,
        description: p.description,
      };
}

/** A 400 of a check run on `payload`'s fields names them as `payload.<field>`. */
function underPayload(err: unknown): unknown {
  if (err instanceof AppError && err.status === 400 && /^[A-Za-z]+: /.test(err.message)) {
    return badRequest(`payload.${err.message}`);
  }
  return err;
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

  constructor(
    private readonly db: Kysely<DB>,
    private readonly transactions: TransactionsService,
    private readonly conversions: ConversionsService,
    private readonly ledger: LedgerReader,
    private readonly now: () => number = Date.now,
  ) {
    this.schedules = new SchedulesRepository(db);
    this.currencies = new UserCurrenciesRepository(db);
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
    const p = input.payload;
    // The time only matters to the stand-in check (a category's or currency's rules do not depend on it).
    const time = postingTime(input.start);
    let posting: SchedulePosting;
    try {
      if (p.kind === 'transaction') {
        const row = await this.transactions.check(owner, {
          amount: p.amount ?? 1,
          currency: p.currency,
          categoryId: p.categoryId,
          description: p.description,
          time,
          isIncome: p.isIncome,
          type: p.type,
        });
        posting = {
          kind: 'transaction',
          categoryId: row.categoryId,
          currency: row.currency,
          amount: p.amount === null ? null : row.amount,
          isIncome: row.isIncome,
          businessType: row.businessType,
          description: row.description,
        };
      } else {
        const row = await this.conversions.check(owner.id, {
          fromAmount: p.fromAmount ?? 1,
          fromCurrency: p.fromCurrency,
          toAmount: p.toAmount ?? 1,
          toCurrency: p.toCurrency,
          description: p.description,
          time,
        });
        posting = {
          kind: 'conversion',
          fromCurrency: row.fromCurrency,
          fromAmount: p.fromAmount === null ? null : row.fromAmount,
          toCurrency: row.toCurrency,
          toAmount: p.toAmount === null ? null : row.toAmount,
          description: row.description,
        };
      }
    } catch (err) {
      throw underPayload(err);
    }
    return { rule: input.rule, start: input.start, end, mode: input.mode, weekend: input.weekend, posting };
  }

  /** The schedules with their next posting date and due count, as the API sends them. */
  private async present(owner: Owner, rows: readonly ScheduleRow[]): Promise<Schedule[]> {
    const handled = await this.handled(owner, rows);
    const today = this.today();
    return rows.map((row) => {
      const r = this.recurrenceOf(row);
      const done = handled.get(row.id) ?? new Set<string>();
      const due = pendingPostings(r, row.weekend, done, today);
      return {
        id: row.id,
        rule: row.rule,
        start: row.start,
        end: row.end,
        mode: row.mode,
        weekend: row.weekend,
        payload: payloadOf(row.posting),
        next: due[0]?.date ?? nextPending(r, row.weekend, done, addDays(today, 1)),
        due: due.length,
      };
    });
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
    const posted = await this.post(owner, schedule, body.occurrence, date, body);
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
   * Checks the posting (400 naming the field; nothing written), then in one database transaction
   * under the user's ledger lock claims the occurrence and writes its row. Undefined when the
   * occurrence was already handled: then nothing was written.
   */
  private async post(
    owner: Owner,
    schedule: ScheduleRow,
    occurrence: string,
    date: string,
    changes: ConfirmChanges,
  ): Promise<PostedOccurrence | undefined> {
    const p = schedule.posting;
    const time = postingTime(date);
    const description = changes.description ?? p.description;
    if (p.kind === 'transaction') {
      if (changes.fromAmount !== undefined) throw badRequest('fromAmount: only a conversion schedule has it');
      if (changes.toAmount !== undefined) throw badRequest('toAmount: only a conversion schedule has it');
      const amount = changes.amount ?? major(p.amount, p.currency);
      if (amount === null) throw badRequest('amount: is required: this schedule asks for the amount each time');
      const row = await this.transactions.check(owner, {
        amount,
        currency: p.currency,
        categoryId: p.categoryId,
        description,
        time,
        isIncome: p.isIncome,
        type: p.businessType,
      });
      return this.db.transaction().execute(async (trx) => {
        const writer = await LedgerWriter.open(trx, owner.id, this.now());
        const repo = new SchedulesRepository(trx);
        if (!(await repo.claim(owner.id, schedule.id, occurrence, 'posted', date, writer.at))) return undefined;
        const [stored] = await this.transactions.storeIn(writer, owner, [row]);
        if (stored === undefined) throw new Error('the transaction was not stored');
        await repo.setWritten(owner.id, schedule.id, occurrence, { transactionId: stored.id });
        return { kind: 'transaction' as const, id: stored.id };
      });
    }
    if (changes.amount !== undefined) throw badRequest('amount: a conversion schedule has fromAmount and toAmount');
    const fromAmount = changes.fromAmount ?? major(p.fromAmount, p.fromCurrency);
    const toAmount = changes.toAmount ?? major(p.toAmount, p.toCurrency);
    if (fromAmount === null) throw badRequest('fromAmount: is required: this schedule asks for the amounts each time');
    if (toAmount === null) throw badRequest('toAmount: is required: this schedule asks for the amounts each time');
    const row = await this.conversions.check(owner.id, {
      fromAmount,
      fromCurrency: p.fromCurrency,
      toAmount,
      toCurrency: p.toCurrency,
      description,
      time,
    });
    return this.db.transaction().execute(async (trx) => {
      const writer = await LedgerWriter.open(trx, owner.id, this.now());
      const repo = new SchedulesRepository(trx);
      if (!(await repo.claim(owner.id, schedule.id, occurrence, 'posted', date, writer.at))) return undefined;
      const stored = await this.conversions.storeIn(writer, row);
      await repo.setWritten(owner.id, schedule.id, occurrence, { conversionId: stored.id });
      return { kind: 'conversion' as const, id: stored.id };
    });
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
    return items.sort(
      (a, b) => compare(a.date, b.date) || a.schedule.id - b.schedule.id || compare(a.occurrence, b.occurrence),
    );
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
    const available = [...balances.entries()]
      .sort(([a], [b]) => compare(a, b))
      .map(([currency, minor]) => ({ currency, amount: minorToMajor(minor, currencyInfo(currency).decimals) }));
    const projected = new Map(balances);
    const answer: UpcomingItem[] = items.map((item) => {
      const moved: string[] = [];
      for (const [currency, delta] of cashFlows(item.schedule.posting)) {
        projected.set(currency, (projected.get(currency) ?? 0n) + delta);
        if (!moved.includes(currency)) moved.push(currency);
      }
      return {
        scheduleId: item.schedule.id,
        occurrence: item.occurrence,
        date: item.date,
        mode: item.schedule.mode,
        due: item.date <= today,
        payload: payloadOf(item.schedule.posting),
        balances: moved.map((currency) => ({
          currency,
          amount: minorToMajor(projected.get(currency) ?? 0n, currencyInfo(currency).decimals),
        })),
      };
    });
    return { today, available, items: answer };
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
          if ((await this.post(owner, item.schedule, item.occurrence, item.date, {})) !== undefined) run.posted += 1;
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

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The first pending posting date on or after `from`, looking a year at a time from the rule's next
 * date (at most ten windows): a schedule whose next ten years of dates were all confirmed or
 * skipped ahead shows none.
 */
function nextPending(
  r: Recurrence,
  weekend: Schedule['weekend'],
  done: ReadonlySet<string>,
  from: string,
): string | null {
  let lo = from;
  for (let window = 0; window < 10; window++) {
    // A posting date may come up to two days before its rule date.
    const first = firstOnOrAfter(r, addDays(lo, -2));
    if (first === undefined) return null;
    if (addDays(first, -2) > lo) lo = addDays(first, -2);
    const hi = addDays(lo, 365);
    const found = postingsBetween(r, weekend, lo, hi, MAX_OCCURRENCES).find((p) => !done.has(p.occurrence));
    if (found !== undefined) return found.date;
    lo = addDays(hi, 1);
  }
  return null;
}

/** The signed cash flow of a posting per currency (DESIGN §4: realize moves no cash); none when it asks each time. */
function cashFlows(p: SchedulePosting): [string, bigint][] {
  if (p.kind === 'transaction') {
    if (p.amount === null || p.businessType === 'realize') return [];
    return [[p.currency, p.isIncome ? BigInt(p.amount) : -BigInt(p.amount)]];
  }
  if (p.fromAmount === null || p.toAmount === null) return [];
  return [
    [p.fromCurrency, -BigInt(p.fromAmount)],
    [p.toCurrency, BigInt(p.toAmount)],
  ];
}
