import type { BusinessType, Conversion, Transaction } from '@kassa/contract';
import { toLocalDateValue } from '../lib/local-time';

/** Where the Schedules screen lives (a tab of Manage). */
export const SCHEDULES_PATH = '/private/manage/schedules';

/**
 * What "Make this a schedule" carries from a transaction or conversion to the new-schedule form:
 * its amounts, currencies, category, direction, description and its day (the schedule's start).
 */
export type SchedulePrefill =
  | {
      kind: 'transaction';
      amount: number;
      currency: string;
      categoryId: number;
      isIncome: boolean;
      type: BusinessType | null;
      description: string;
      start: string;
    }
  | {
      kind: 'conversion';
      fromAmount: number;
      fromCurrency: string;
      toAmount: number;
      toCurrency: string;
      description: string;
      start: string;
    };

/**
 * The Schedules screen with its new-schedule form open and prefilled. The values ride in the URL
 * (not router state), so a reload or a shared link opens the same form.
 */
export function newScheduleLink(p: SchedulePrefill): string {
  const params = new URLSearchParams({ new: p.kind });
  for (const [key, value] of Object.entries(p)) if (key !== 'kind' && value !== null) params.set(key, String(value));
  return `${SCHEDULES_PATH}?${params.toString()}`;
}

/** The prefill of a stored transaction or conversion: its values, and its day (as the user sees it) as the start. */
export function prefillFrom(entry: Transaction | Conversion): SchedulePrefill {
  const start = toLocalDateValue(new Date(entry.time));
  if ('fromAmount' in entry)
    return {
      kind: 'conversion',
      fromAmount: entry.fromAmount,
      fromCurrency: entry.fromCurrency,
      toAmount: entry.toAmount,
      toCurrency: entry.toCurrency,
      description: entry.description,
      start,
    };
  return {
    kind: 'transaction',
    amount: entry.amount,
    currency: entry.currency,
    categoryId: entry.categoryId,
    isIncome: entry.isIncome,
    type: entry.type,
    description: entry.description,
    start,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const BUSINESS_TYPES: readonly string[] = ['invest', 'pnl', 'realize'];

/** The prefill of a `newScheduleLink` URL; undefined without `new=` or with a value that does not fit. */
export function prefillOf(params: URLSearchParams): SchedulePrefill | undefined {
  const text = (key: string) => params.get(key) ?? '';
  const number = (key: string) => {
    const n = Number(params.get(key) ?? 'x');
    return Number.isFinite(n) ? n : undefined;
  };
  const start = text('start');
  if (!DATE.test(start)) return undefined;
  if (params.get('new') === 'transaction') {
    const amount = number('amount');
    const categoryId = number('categoryId');
    const currency = text('currency');
    const type = text('type');
    if (amount === undefined || categoryId === undefined || currency === '') return undefined;
    return {
      kind: 'transaction',
      amount,
      currency,
      categoryId,
      isIncome: text('isIncome') === 'true',
      type: BUSINESS_TYPES.includes(type) ? (type as BusinessType) : null,
      description: text('description'),
      start,
    };
  }
  if (params.get('new') === 'conversion') {
    const fromAmount = number('fromAmount');
    const toAmount = number('toAmount');
    if (fromAmount === undefined || toAmount === undefined || text('fromCurrency') === '' || text('toCurrency') === '')
      return undefined;
    return {
      kind: 'conversion',
      fromAmount,
      fromCurrency: text('fromCurrency'),
      toAmount,
      toCurrency: text('toCurrency'),
      description: text('description'),
      start,
    };
  }
  return undefined;
}
