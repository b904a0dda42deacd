import type { ConfirmOccurrenceBody, PostedOccurrence } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import type { ConversionsService } from '../conversions/service.js';
import { LedgerWriter } from '../ledger/index.js';
import type { TransactionsService } from '../transactions/service.js';
import { postingTime } from './posting-check.js';
import { SchedulesRepository, type SchedulePosting, type ScheduleRow } from './repository.js';
import { major } from './schedule-view.js';

/** What confirm may change of one posting. */
export type ConfirmChanges = Omit<ConfirmOccurrenceBody, 'occurrence'>;

type TransactionPosting = Extract<SchedulePosting, { kind: 'transaction' }>;
type ConversionPosting = Extract<SchedulePosting, { kind: 'conversion' }>;

/** One occurrence on its way into the books: which, on what date, with which changes. */
interface Occurrence {
  owner: Owner;
  schedule: ScheduleRow;
  occurrence: string;
  date: string;
  changes: ConfirmChanges;
}

/**
 * Posts an occurrence of a schedule (for confirm and the posting job) through the transactions and
 * conversions services, in one database transaction with the occurrence row whose unique key makes
 * it happen once.
 */
export class OccurrencePoster {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly transactions: TransactionsService,
    private readonly conversions: ConversionsService,
    private readonly now: () => number,
  ) {}

  /**
   * Checks the posting (400 naming the field; nothing written), then in one database transaction
   * under the user's ledger lock claims the occurrence and writes its row. Undefined when the
   * occurrence was already handled: then nothing was written.
   */
  post(
    owner: Owner,
    schedule: ScheduleRow,
    occurrence: string,
    date: string,
    changes: ConfirmChanges,
  ): Promise<PostedOccurrence | undefined> {
    const p = schedule.posting;
    const o: Occurrence = { owner, schedule, occurrence, date, changes };
    return p.kind === 'transaction' ? this.postTransaction(o, p) : this.postConversion(o, p);
  }

  private async postTransaction(o: Occurrence, p: TransactionPosting): Promise<PostedOccurrence | undefined> {
    const { owner, schedule, occurrence, date, changes } = o;
    if (changes.fromAmount !== undefined) throw badRequest('fromAmount: only a conversion schedule has it');
    if (changes.toAmount !== undefined) throw badRequest('toAmount: only a conversion schedule has it');
    const amount = changes.amount ?? major(p.amount, p.currency);
    if (amount === null) throw badRequest('amount: is required: this schedule asks for the amount each time');
    const row = await this.transactions.check(owner, {
      amount,
      currency: p.currency,
      categoryId: p.categoryId,
      description: changes.description ?? p.description,
      time: postingTime(date),
      isIncome: p.isIncome,
      type: p.businessType,
    });
    return this.db.transaction().execute(async (trx) => {
      const writer = await LedgerWriter.open(trx, owner.id, this.now(), owner.actorId);
      const repo = new SchedulesRepository(trx);
      if (!(await repo.claim(owner.id, schedule.id, occurrence, 'posted', date, writer.at))) return undefined;
      const [stored] = await this.transactions.storeIn(writer, owner, [row]);
      if (stored === undefined) throw new Error('the transaction was not stored');
      await repo.setWritten(owner.id, schedule.id, occurrence, { transactionId: stored.id });
      return { kind: 'transaction' as const, id: stored.id };
    });
  }

  private async postConversion(o: Occurrence, p: ConversionPosting): Promise<PostedOccurrence | undefined> {
    const { owner, schedule, occurrence, date, changes } = o;
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
      description: changes.description ?? p.description,
      time: postingTime(date),
    });
    return this.db.transaction().execute(async (trx) => {
      const writer = await LedgerWriter.open(trx, owner.id, this.now(), owner.actorId);
      const repo = new SchedulesRepository(trx);
      if (!(await repo.claim(owner.id, schedule.id, occurrence, 'posted', date, writer.at))) return undefined;
      const stored = await this.conversions.storeIn(writer, row);
      await repo.setWritten(owner.id, schedule.id, occurrence, { conversionId: stored.id });
      return { kind: 'conversion' as const, id: stored.id };
    });
  }
}
