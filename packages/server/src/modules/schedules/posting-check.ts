import type { ScheduleInput } from '@kassa/contract';
import { AppError, badRequest } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import type { ConversionsService } from '../conversions/service.js';
import type { TransactionsService } from '../transactions/service.js';
import { msOfDate } from './recurrence.js';
import type { SchedulePosting } from './repository.js';

/** A posted row's instant: noon UTC of its posting date, so its UTC day (which picks its rate) is that date. */
const POSTING_HOUR_MS = 12 * 3_600_000;

/** The instant a row posted on `date` is stored at. */
export const postingTime = (date: string): number => msOfDate(date) + POSTING_HOUR_MS;

/** A 400 of a check run on `payload`'s fields names them as `payload.<field>`. */
function underPayload(err: unknown): unknown {
  if (err instanceof AppError && err.status === 400 && /^[A-Za-z]+: /.test(err.message)) {
    return badRequest(`payload.${err.message}`);
  }
  return err;
}

/**
 * Checks a schedule's payload exactly as transaction/add and conversion/add check theirs (with a
 * stand-in amount when it asks each time) and returns the posting to store; a 400 names the field
 * as `payload.<field>`.
 */
export async function checkedPosting(
  transactions: TransactionsService,
  conversions: ConversionsService,
  owner: Owner,
  p: ScheduleInput['payload'],
  time: number,
): Promise<SchedulePosting> {
  try {
    if (p.kind === 'transaction') {
      const row = await transactions.check(owner, {
        amount: p.amount ?? 1,
        currency: p.currency,
        categoryId: p.categoryId,
        description: p.description,
        time,
        isIncome: p.isIncome,
        type: p.type,
      });
      return {
        kind: 'transaction',
        categoryId: row.categoryId,
        currency: row.currency,
        amount: p.amount === null ? null : row.amount,
        isIncome: row.isIncome,
        businessType: row.businessType,
        description: row.description,
      };
    }
    const row = await conversions.check(owner.id, {
      fromAmount: p.fromAmount ?? 1,
      fromCurrency: p.fromCurrency,
      toAmount: p.toAmount ?? 1,
      toCurrency: p.toCurrency,
      description: p.description,
      time,
    });
    return {
      kind: 'conversion',
      fromCurrency: row.fromCurrency,
      fromAmount: p.fromAmount === null ? null : row.fromAmount,
      toCurrency: row.toCurrency,
      toAmount: p.toAmount === null ? null : row.toAmount,
      description: row.description,
    };
  } catch (err) {
    throw underPayload(err);
  }
}
