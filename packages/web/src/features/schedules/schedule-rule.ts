// A schedule's repetition in plain terms, and the RFC 5545 rule (RRULE without DTSTART) each
// stands for, both ways. Pure: the form builds rules with it, the list and the editor read them back.

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * How a schedule repeats, as the form offers it. `monthly-day` on day 29–31 falls on the month's
 * last day in shorter months (31 is the last day of every month); `custom` is any other rule,
 * kept as text.
 */
export type Repetition =
  | { kind: 'monthly-day'; day: number }
  | { kind: 'month-end' }
  | { kind: 'last-working-day' }
  | { kind: 'weekly'; every: number; weekday: Weekday }
  | { kind: 'yearly'; month: number; day: number }
  | { kind: 'custom'; rule: string };

/** A repetition and how many times it happens at most (the rule's COUNT; null: no count). */
export interface ReadRule {
  repetition: Repetition;
  count: number | null;
}

/** Days of each month in a leap year: a yearly date may be 29 February. */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** The most days month `month` (1–12) can have. */
export function daysInMonth(month: number): number {
  return MONTH_DAYS[month - 1] ?? 31;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The rule of a repetition, with COUNT when `count` is given. A custom rule is returned as typed (COUNT added). */
export function ruleOf(repetition: Repetition, count: number | null = null): string {
  const parts = ruleParts(repetition);
  if (count !== null) parts.push(`COUNT=${count}`);
  return parts.join(';');
}

function ruleParts(r: Repetition): string[] {
  switch (r.kind) {
    case 'monthly-day':
      // RFC 5545 skips a month without the day; the last of 28..N falls on the month's end instead.
      if (r.day >= 31) return ['FREQ=MONTHLY', 'BYMONTHDAY=-1'];
      if (r.day >= 29) return ['FREQ=MONTHLY', `BYMONTHDAY=${range(28, r.day).join(',')}`, 'BYSETPOS=-1'];
      return ['FREQ=MONTHLY', `BYMONTHDAY=${r.day}`];
    case 'month-end':
      return ['FREQ=MONTHLY', 'BYMONTHDAY=-1'];
    case 'last-working-day':
      return ['FREQ=MONTHLY', 'BYDAY=MO,TU,WE,TH,FR', 'BYSETPOS=-1'];
    case 'weekly':
      return ['FREQ=WEEKLY', ...(r.every > 1 ? [`INTERVAL=${r.every}`] : []), `BYDAY=${r.weekday}`];
    case 'yearly':
      // 29 February: on the 28th in the years without one.
      if (r.month === 2 && r.day === 29) return ['FREQ=YEARLY', 'BYMONTH=2', 'BYMONTHDAY=28,29', 'BYSETPOS=-1'];
      return ['FREQ=YEARLY', `BYMONTH=${r.month}`, `BYMONTHDAY=${r.day}`];
    case 'custom':
      return [r.rule.trim().replace(/^RRULE:/i, '')];
  }
}

const POSITIVE = /^[1-9]\d{0,3}$/;
const positive = (v: string | undefined) => (v !== undefined && POSITIVE.test(v) ? Number(v) : undefined);

/** Whether a comma list holds exactly the given numbers, in any order. */
function sameNumbers(list: string, expected: readonly number[]): boolean {
  const got = list.split(',').map(Number);
  return got.length === expected.length && expected.every((n) => got.includes(n));
}

/**
 * The repetition a rule stands for, with its COUNT. Reads the rules `ruleOf` writes, in any order
 * of their parts and case, with an "RRULE:" prefix, INTERVAL=1 or WKST=MO; anything else is
 * `custom` (its COUNT left in the text).
 */
export function readRule(rule: string): ReadRule {
  const text = rule.trim().replace(/^RRULE:/i, '');
  const custom: ReadRule = { repetition: { kind: 'custom', rule: text }, count: null };
  const parts = new Map<string, string>();
  for (const part of text.toUpperCase().split(';')) {
    const [key, value, extra] = part.split('=');
    if (key === undefined || value === undefined || extra !== undefined || parts.has(key)) return custom;
    parts.set(key, value);
  }
  const countText = parts.get('COUNT');
  const count = countText === undefined ? null : positive(countText);
  if (count === undefined) return custom;
  if (parts.get('INTERVAL') === '1') parts.delete('INTERVAL');
  if (parts.get('WKST') === 'MO') parts.delete('WKST');
  parts.delete('COUNT');
  const repetition = repetitionOf(parts);
  return repetition === undefined ? custom : { repetition, count };
}

function repetitionOf(p: Map<string, string>): Repetition | undefined {
  const keys = [...p.keys()].sort().join(',');
  const freq = p.get('FREQ');
  const monthDay = p.get('BYMONTHDAY') ?? '';
  const lastOfSet = p.get('BYSETPOS') === '-1';
  if (freq === 'MONTHLY' && keys === 'BYMONTHDAY,FREQ') {
    if (monthDay === '-1') return { kind: 'month-end' };
    const day = positive(monthDay);
    if (day !== undefined && day <= 28) return { kind: 'monthly-day', day };
  }
  if (freq === 'MONTHLY' && keys === 'BYMONTHDAY,BYSETPOS,FREQ' && lastOfSet) {
    const top = Math.max(...monthDay.split(',').map(Number));
    if (top >= 29 && top <= 31 && sameNumbers(monthDay, range(28, top))) return { kind: 'monthly-day', day: top };
  }
  if (freq === 'MONTHLY' && keys === 'BYDAY,BYSETPOS,FREQ' && lastOfSet) {
    if (sameNumbers(dayNumbers(p.get('BYDAY')), [0, 1, 2, 3, 4])) return { kind: 'last-working-day' };
  }
  if (freq === 'WEEKLY' && (keys === 'BYDAY,FREQ' || keys === 'BYDAY,FREQ,INTERVAL')) {
    const weekday = WEEKDAYS.find((d) => d === p.get('BYDAY'));
    const every = p.has('INTERVAL') ? positive(p.get('INTERVAL')) : 1;
    if (weekday !== undefined && every !== undefined) return { kind: 'weekly', every, weekday };
  }
  if (freq === 'YEARLY' && keys === 'BYMONTH,BYMONTHDAY,FREQ') {
    const month = positive(p.get('BYMONTH'));
    const day = positive(monthDay);
    if (month !== undefined && month <= 12 && day !== undefined && day <= daysInMonth(month))
      return { kind: 'yearly', month, day };
  }
  if (freq === 'YEARLY' && keys === 'BYMONTH,BYMONTHDAY,BYSETPOS,FREQ' && lastOfSet) {
    if (p.get('BYMONTH') === '2' && sameNumbers(monthDay, [28, 29])) return { kind: 'yearly', month: 2, day: 29 };
  }
  return undefined;
}

/** "MO,TU" as weekday indexes (0 = Monday); an unknown day gives -1. */
function dayNumbers(list: string | undefined): string {
  return (list ?? '')
    .split(',')
    .map((d) => WEEKDAYS.indexOf(d as Weekday))
    .join(',');
}

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * A repetition in words ("Every month on the 5th", "Every 2 weeks on Friday"), with its count
 * ("…, 12 times"); null for a custom rule, which the list puts into words with the rrule library.
 */
export function repetitionWords({ repetition: r, count }: ReadRule): string | null {
  const times = count === null ? '' : count === 1 ? ', once' : `, ${count} times`;
  switch (r.kind) {
    case 'monthly-day':
      if (r.day >= 31) return `Every month on its last day${times}`;
      if (r.day >= 29) return `Every month on the ${ordinal(r.day)} (or its last day)${times}`;
      return `Every month on the ${ordinal(r.day)}${times}`;
    case 'month-end':
      return `Every month on its last day${times}`;
    case 'last-working-day':
      return `Every month on its last working day${times}`;
    case 'weekly':
      return `${r.every === 1 ? 'Every week' : `Every ${r.every} weeks`} on ${WEEKDAY_NAMES[r.weekday]}${times}`;
    case 'yearly':
      return `Every year on ${r.day} ${MONTH_NAMES[r.month - 1] ?? ''}${times}`;
    case 'custom':
      return null;
  }
}

/** The weekday ("MO"…"SU") of a calendar date "YYYY-MM-DD". */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7] ?? 'MO';
}
