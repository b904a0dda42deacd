import type { Category, SchedulePayload, ScheduleMode, WeekendRule } from '@kassa/contract';
import { formatIsoDate, formatMoney } from '../../lib/display-format';

/** A calendar date "YYYY-MM-DD" in the person's date format (spec §9's yyyy.mm.dd. by default). */
export function dateText(date: string): string {
  return formatIsoDate(date);
}

export const ASK_EACH_TIME = 'Ask each time';

/**
 * What an entry moves, as the lists show it: "12.50 €", "100.00 € → 110.00 $", or "Ask each
 * time (EUR)" without a stored amount. Transaction amounts are signed by direction (out is
 * negative), as the projected balances after them go.
 */
export function amountText(p: SchedulePayload): string {
  if (p.kind === 'conversion') {
    if (p.fromAmount === null || p.toAmount === null) return `${ASK_EACH_TIME} (${p.fromCurrency} → ${p.toCurrency})`;
    return `${formatMoney(p.fromAmount, p.fromCurrency)} → ${formatMoney(p.toAmount, p.toCurrency)}`;
  }
  if (p.amount === null) return `${ASK_EACH_TIME} (${p.currency})`;
  return formatMoney(p.isIncome ? p.amount : -p.amount, p.currency);
}

/** Whether an occurrence needs its amount(s) entered before it can be confirmed. */
export function asksEachTime(p: SchedulePayload): boolean {
  return p.kind === 'conversion' ? p.fromAmount === null || p.toAmount === null : p.amount === null;
}

/** The colour of a transaction amount by direction (conversions and unknown amounts stay plain). */
export function amountColor(p: SchedulePayload): string | undefined {
  if (p.kind === 'conversion' || p.amount === null) return undefined;
  return p.isIncome ? 'teal' : undefined;
}

/**
 * The name an entry goes by in lists and button labels: its description, else its category's
 * name, else what it is ("Conversion EUR → USD").
 */
export function entryName(p: SchedulePayload, categories: ReadonlyMap<number, Category>): string {
  if (p.description.trim() !== '') return p.description.trim();
  if (p.kind === 'conversion') return `Conversion ${p.fromCurrency} → ${p.toCurrency}`;
  return categories.get(p.categoryId)?.name ?? 'Transaction';
}

/** The line under an entry's name: its category, or "Conversion". */
export function entryDetail(p: SchedulePayload, categories: ReadonlyMap<number, Category>): string {
  if (p.kind === 'conversion') return 'Conversion';
  return categories.get(p.categoryId)?.name ?? 'Unknown category';
}

export const MODE_LABELS: Record<ScheduleMode, string> = {
  post: 'Posts itself',
  remind: 'Reminds me',
};

export const WEEKEND_LABELS: Record<WeekendRule, string> = {
  'as-is': 'As is',
  before: 'On the Friday before',
  after: 'On the Monday after',
};

/** The list's note under a rule whose weekend days move. */
export const WEEKEND_NOTES: Record<WeekendRule, string | null> = {
  'as-is': null,
  before: 'A Saturday or Sunday moves to the Friday before',
  after: 'A Saturday or Sunday moves to the Monday after',
};
