import type { BusinessType, Category, Schedule, ScheduleBody, ScheduleMode, WeekendRule } from '@kassa/contract';
import { dayFromIso } from '@kassa/money';
import { fieldMessage } from '../../lib/errors';
import { KIND_RULES, type TransactionKind } from '../transactions';
import type { SchedulePrefill } from '../../shared/schedule-prefill';
import { daysInMonth, readRule, ruleOf, weekdayOf, type Repetition, type Weekday } from './schedule-rule';

/** What a schedule posts, as the form's first choice: a kind of transaction, or a conversion. */
export type EntryKind = TransactionKind | 'conversion';
export type RepeatKind = Repetition['kind'];
export type EndKind = 'never' | 'on' | 'after';

/** The schedule form as typed: numbers and amounts are text until checked. */
export interface ScheduleDraft {
  kind: EntryKind;
  /** "Ask each time": no amount stored, each occurrence waits for one. */
  ask: boolean;
  amount: string;
  currency: string | null;
  categoryId: string | null;
  /** The IN/OUT of loan, business and external kinds. */
  isIncome: boolean;
  type: BusinessType;
  fromAmount: string;
  fromCurrency: string | null;
  toAmount: string;
  toCurrency: string | null;
  description: string;
  repeat: RepeatKind;
  /** Day of month (monthly on a day). */
  day: string;
  /** Every n weeks. */
  every: string;
  weekday: Weekday;
  /** Month (1–12) and day of a yearly date. */
  month: string;
  yearDay: string;
  /** The rule as text, when none of the plain choices fits. */
  custom: string;
  start: string;
  ends: EndKind;
  endDate: string;
  count: string;
  weekend: WeekendRule;
  mode: ScheduleMode;
}

/** The fields a message can stand under; the server's names where they have one ("payload." dropped). */
export type ScheduleField =
  | 'amount'
  | 'currency'
  | 'categoryId'
  | 'isIncome'
  | 'type'
  | 'fromAmount'
  | 'fromCurrency'
  | 'toAmount'
  | 'toCurrency'
  | 'description'
  | 'rule'
  | 'day'
  | 'every'
  | 'month'
  | 'yearDay'
  | 'start'
  | 'end'
  | 'count'
  | 'mode'
  | 'weekend';
export type ScheduleErrors = Partial<Record<ScheduleField, string>>;

const amountText = (v: number | null) => (v === null ? '' : String(v));

/** The repetition fields that follow the start day until the user sets them. */
export function repeatFieldsFor(start: string): Pick<ScheduleDraft, 'day' | 'weekday' | 'month' | 'yearDay'> {
  const valid = dayFromIso(start) !== undefined;
  const day = valid ? String(Number(start.slice(8, 10))) : '1';
  return {
    day,
    weekday: valid ? weekdayOf(start) : 'MO',
    month: valid ? String(Number(start.slice(5, 7))) : '1',
    yearDay: day,
  };
}

function blank(start: string): ScheduleDraft {
  return {
    kind: 'expense',
    ask: false,
    amount: '',
    currency: null,
    categoryId: null,
    isIncome: false,
    type: 'invest',
    fromAmount: '',
    fromCurrency: null,
    toAmount: '',
    toCurrency: null,
    description: '',
    repeat: 'monthly-day',
    ...repeatFieldsFor(start),
    every: '1',
    custom: '',
    start,
    ends: 'never',
    endDate: '',
    count: '12',
    weekend: 'as-is',
    mode: 'remind',
  };
}

/** The form kind of a category: real ones by direction, the others by their type. */
export function entryKindOf(category: Category | undefined, isIncome: boolean): TransactionKind {
  if (category === undefined || category.type === 'real')
    return (category?.isIncome ?? isIncome) ? 'income' : 'expense';
  return category.type;
}

/** A new schedule: monthly on the start's day, reminding; from "Make this a schedule" when prefilled. */
export function newDraft(
  today: string,
  prefill?: SchedulePrefill,
  categories: readonly Category[] = [],
): ScheduleDraft {
  if (prefill === undefined) return blank(today);
  const base = blank(prefill.start);
  if (prefill.kind === 'conversion')
    return {
      ...base,
      kind: 'conversion',
      fromAmount: String(prefill.fromAmount),
      fromCurrency: prefill.fromCurrency,
      toAmount: String(prefill.toAmount),
      toCurrency: prefill.toCurrency,
      description: prefill.description,
    };
  return {
    ...base,
    kind: entryKindOf(
      categories.find((c) => c.id === prefill.categoryId),
      prefill.isIncome,
    ),
    amount: String(prefill.amount),
    currency: prefill.currency,
    categoryId: String(prefill.categoryId),
    isIncome: prefill.isIncome,
    type: prefill.type ?? 'invest',
    description: prefill.description,
  };
}

/** A stored schedule in the form: its rule read back into plain terms (or kept as text). */
export function draftOf(s: Schedule, categories: readonly Category[]): ScheduleDraft {
  const base = blank(s.start);
  const { repetition, count } = readRule(s.rule);
  const repeat: Partial<ScheduleDraft> = { repeat: repetition.kind };
  if (repetition.kind === 'monthly-day') repeat.day = String(repetition.day);
  if (repetition.kind === 'weekly')
    Object.assign(repeat, { every: String(repetition.every), weekday: repetition.weekday });
  if (repetition.kind === 'yearly')
    Object.assign(repeat, { month: String(repetition.month), yearDay: String(repetition.day) });
  if (repetition.kind === 'custom') repeat.custom = repetition.rule;
  const common: ScheduleDraft = {
    ...base,
    ...repeat,
    description: s.payload.description,
    ends: count !== null ? 'after' : s.end !== null ? 'on' : 'never',
    endDate: s.end ?? '',
    count: count === null ? base.count : String(count),
    weekend: s.weekend,
    mode: s.mode,
  };
  const p = s.payload;
  if (p.kind === 'conversion')
    return {
      ...common,
      kind: 'conversion',
      ask: p.fromAmount === null,
      fromAmount: amountText(p.fromAmount),
      fromCurrency: p.fromCurrency,
      toAmount: amountText(p.toAmount),
      toCurrency: p.toCurrency,
    };
  return {
    ...common,
    kind: entryKindOf(
      categories.find((c) => c.id === p.categoryId),
      p.isIncome,
    ),
    ask: p.amount === null,
    amount: amountText(p.amount),
    currency: p.currency,
    categoryId: String(p.categoryId),
    isIncome: p.isIncome,
    type: p.type ?? 'invest',
  };
}

const WHOLE = /^\d{1,4}$/;
/** A whole number within [min, max], or undefined. */
function whole(text: string, min: number, max: number): number | undefined {
  const t = text.trim();
  if (!WHOLE.test(t)) return undefined;
  const n = Number(t);
  return n >= min && n <= max ? n : undefined;
}

/** The plain repetition of the draft, or the message of the field that stops it. */
function repetitionOf(d: ScheduleDraft, errors: ScheduleErrors): Repetition | undefined {
  switch (d.repeat) {
    case 'monthly-day': {
      const day = whole(d.day, 1, 31);
      if (day === undefined) errors.day = 'Enter a day from 1 to 31';
      return day === undefined ? undefined : { kind: 'monthly-day', day };
    }
    case 'month-end':
    case 'last-working-day':
      return { kind: d.repeat };
    case 'weekly': {
      const every = whole(d.every, 1, 52);
      if (every === undefined) errors.every = 'Enter a number of weeks from 1 to 52';
      return every === undefined ? undefined : { kind: 'weekly', every, weekday: d.weekday };
    }
    case 'yearly': {
      const month = whole(d.month, 1, 12);
      const day = month === undefined ? undefined : whole(d.yearDay, 1, daysInMonth(month));
      if (month === undefined) errors.month = 'Choose a month';
      else if (day === undefined) errors.yearDay = `Enter a day from 1 to ${daysInMonth(month)}`;
      return month === undefined || day === undefined ? undefined : { kind: 'yearly', month, day };
    }
    case 'custom': {
      const rule = d.custom.trim();
      if (rule === '') errors.rule = 'Enter a rule, e.g. FREQ=MONTHLY;BYMONTHDAY=1';
      return rule === '' ? undefined : { kind: 'custom', rule };
    }
  }
}

/**
 * Checks what the form can know without the server (which checks everything again and names the
 * field of anything else) and gives the body of schedule/add (schedule/update adds the id), or the
 * fields' messages. Amounts go as typed: the server evaluates expressions in the currency's decimals.
 */
export function checkDraft(d: ScheduleDraft): { ok: true; body: ScheduleBody } | { ok: false; errors: ScheduleErrors } {
  const errors: ScheduleErrors = {};
  const repetition = repetitionOf(d, errors);
  if (dayFromIso(d.start) === undefined) errors.start = 'Enter the first day, e.g. 2026-12-01';
  let count: number | null = null;
  if (d.ends === 'after') {
    const n = whole(d.count, 1, 9999);
    if (n === undefined) errors.count = 'Enter how many times, from 1 to 9999';
    else if (repetition?.kind === 'custom') errors.count = 'A rule typed as text sets its own COUNT';
    else count = n;
  }
  if (d.ends === 'on') {
    if (dayFromIso(d.endDate) === undefined) errors.end = 'Enter the last day, e.g. 2027-12-31';
    else if (d.endDate < d.start) errors.end = 'Must not be before the start';
  }
  const payload = payloadOf(d, errors);
  if (Object.keys(errors).length > 0 || repetition === undefined || payload === undefined) return { ok: false, errors };
  return {
    ok: true,
    body: {
      rule: ruleOf(repetition, count),
      start: d.start,
      end: d.ends === 'on' ? d.endDate : null,
      mode: d.mode,
      weekend: d.weekend,
      payload,
    },
  };
}

function payloadOf(d: ScheduleDraft, errors: ScheduleErrors): ScheduleBody['payload'] | undefined {
  const description = d.description.trim();
  if (d.kind === 'conversion') {
    if (d.fromCurrency === null) errors.fromCurrency = 'Choose a currency';
    if (d.toCurrency === null) errors.toCurrency = 'Choose a currency';
    else if (d.toCurrency === d.fromCurrency) errors.toCurrency = 'Choose another currency than the first';
    if (!d.ask && d.fromAmount.trim() === '') errors.fromAmount = 'Enter an amount, or ask each time';
    if (!d.ask && d.toAmount.trim() === '') errors.toAmount = 'Enter an amount, or ask each time';
    if (d.fromCurrency === null || d.toCurrency === null) return undefined;
    return {
      kind: 'conversion',
      fromAmount: d.ask ? null : d.fromAmount.trim(),
      fromCurrency: d.fromCurrency,
      toAmount: d.ask ? null : d.toAmount.trim(),
      toCurrency: d.toCurrency,
      description,
    };
  }
  const rules = KIND_RULES[d.kind];
  if (d.categoryId === null) errors.categoryId = 'Choose a category';
  if (d.currency === null) errors.currency = 'Choose a currency';
  if (!d.ask && d.amount.trim() === '') errors.amount = 'Enter an amount, or ask each time';
  if (d.categoryId === null || d.currency === null) return undefined;
  return {
    kind: 'transaction',
    amount: d.ask ? null : d.amount.trim(),
    currency: d.currency,
    categoryId: Number(d.categoryId),
    description,
    isIncome: rules.hasDirection ? d.isIncome : null,
    type: d.kind === 'business' ? d.type : null,
  };
}

const FIELDS: readonly ScheduleField[] = [
  'amount',
  'currency',
  'categoryId',
  'isIncome',
  'type',
  'fromAmount',
  'fromCurrency',
  'toAmount',
  'toCurrency',
  'description',
  'rule',
  'start',
  'end',
  'mode',
  'weekend',
];

/**
 * Where a refusal of the server belongs: under the field it names ("payload.amount: …" under the
 * amount, "rule: …" under the repetition), else above the buttons.
 */
export function serverError(message: string): { field: ScheduleField | null; text: string } {
  return fieldMessage(message.replace(/^payload\./, ''), FIELDS);
}
