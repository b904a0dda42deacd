import type { WeekendRule } from '@kassa/contract';
import { KIND_RULES, TRANSACTION_KINDS } from '../../transactions';
import type { EndKind, EntryKind, RepeatKind, ScheduleDraft } from '../schedule-form';
import { MONTH_NAMES, WEEKDAY_NAMES, WEEKDAYS } from '../schedule-rule';
import { WEEKEND_LABELS } from '../entry-text';

/** Changes one field of the draft. */
export type SetField = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) => void;

/** The choice whose value `v` is, typed as the choices are; none for another value. */
export const pick = <T extends string>(choices: readonly { value: T }[], v: string | null): T | undefined =>
  choices.find((c) => c.value === v)?.value;

/** A column: the whole width on a phone, `span` twelfths from the xs breakpoint. */
export const col = (span: number) => ({ base: 12, xs: span });

/** A field of digits: a phone shows its number pad. */
export const NUMERIC = { inputMode: 'numeric', autoComplete: 'off' } as const;

/**
 * The pickers' lists open inside the dialog, not in a portal: from a portal, a phone placed them
 * past the right edge (as in the rule dialog).
 */
export const INSIDE = { withinPortal: false };

export const ENTRY_KINDS: { value: EntryKind; label: string }[] = [
  ...TRANSACTION_KINDS.map((k) => ({ value: k, label: KIND_RULES[k].label })),
  { value: 'conversion', label: 'Conversion' },
];

export const REPEAT_CHOICES: { value: RepeatKind; label: string }[] = [
  { value: 'monthly-day', label: 'Every month on a day' },
  { value: 'month-end', label: 'Every month on its last day' },
  { value: 'last-working-day', label: 'Every month on its last working day' },
  { value: 'weekly', label: 'Every few weeks on a weekday' },
  { value: 'yearly', label: 'Every year on a date' },
  { value: 'custom', label: 'Custom rule (RFC 5545)' },
];

export const WEEKDAY_CHOICES = WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_NAMES[d] }));
export const MONTH_CHOICES = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));

export const END_CHOICES: { value: EndKind; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: 'on', label: 'On a date' },
  { value: 'after', label: 'After a number of times' },
];

export const WEEKEND_CHOICES = (['as-is', 'before', 'after'] as const satisfies readonly WeekendRule[]).map(
  (value) => ({ value, label: WEEKEND_LABELS[value] }),
);
