import { z } from 'zod';
import { amountInputSchema, currencyCodeSchema, descriptionSchema, idSchema } from './common.js';
import { businessTypes } from './transaction.js';

/** `post`: the daily job posts each occurrence on its day; `remind`: it waits as due for confirm or skip. */
export const scheduleModes = ['post', 'remind'] as const;
export type ScheduleMode = (typeof scheduleModes)[number];

/** An occurrence on a Saturday or Sunday is posted as is, on the Friday before, or on the Monday after. */
export const weekendRules = ['as-is', 'before', 'after'] as const;
export type WeekendRule = (typeof weekendRules)[number];

/** Longest recurrence rule text ("FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12" is 35). */
export const MAX_RECURRENCE_LENGTH = 300;

/** The most days schedule/upcoming looks ahead. */
export const MAX_UPCOMING_DAYS = 366;

const DATE = 'must be a date, e.g. 2026-11-30';
/** A calendar date "YYYY-MM-DD" between 1900-01-01 and 2199-12-31 (no time, no zone). */
export const calendarDateSchema = z
  .string({ error: DATE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE)
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, DATE)
  .refine((d) => d >= '1900-01-01' && d <= '2199-12-31', 'must be between 1900-01-01 and 2199-12-31');

/**
 * An RFC 5545 recurrence rule without DTSTART (the schedule's `start` is it), e.g.
 * "FREQ=MONTHLY;BYMONTHDAY=-1", "FREQ=WEEKLY;INTERVAL=2", "FREQ=YEARLY;COUNT=5",
 * "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1" (last working day). An optional "RRULE:"
 * prefix is accepted. The server parses it (400 naming `rule` when it cannot) and stores it as given.
 */
export const recurrenceSchema = z
  .string({ error: 'must be a recurrence rule, e.g. FREQ=MONTHLY;BYMONTHDAY=1' })
  .trim()
  .min(1, 'must be a recurrence rule, e.g. FREQ=MONTHLY;BYMONTHDAY=1')
  .max(MAX_RECURRENCE_LENGTH, `must be at most ${MAX_RECURRENCE_LENGTH} characters`);

/** `amount: null` = "ask each time": the occurrence waits as due until confirmed with an amount. */
const scheduledTransactionInput = z.object({
  kind: z.literal('transaction'),
  amount: amountInputSchema.nullable(),
  currency: currencyCodeSchema,
  categoryId: idSchema,
  description: descriptionSchema,
  isIncome: z.boolean().nullable().optional(),
  type: z.enum(businessTypes, { error: 'must be invest, pnl or realize' }).nullable().optional(),
});

/** Both amounts, or neither ("ask each time"). */
const scheduledConversionInput = z
  .object({
    kind: z.literal('conversion'),
    fromAmount: amountInputSchema.nullable(),
    fromCurrency: currencyCodeSchema,
    toAmount: amountInputSchema.nullable(),
    toCurrency: currencyCodeSchema,
    description: descriptionSchema,
  })
  .refine((c) => (c.fromAmount === null) === (c.toAmount === null), {
    message: 'must be set together with fromAmount, or both left empty to ask each time',
    path: ['toAmount'],
  });

/** What a schedule posts: a transaction (any kind) or a conversion. */
export const schedulePayloadInputSchema = z.discriminatedUnion(
  'kind',
  [scheduledTransactionInput, scheduledConversionInput],
  { error: 'must be a transaction or a conversion (kind)' },
);
export type SchedulePayloadBody = z.input<typeof schedulePayloadInputSchema>;

const scheduleInput = z.object({
  rule: recurrenceSchema,
  /** The first day the rule may fall on (its DTSTART). */
  start: calendarDateSchema,
  /** The last day it may fall on, inclusive; null or absent = no end (the rule's UNTIL or COUNT may still end it). */
  end: calendarDateSchema.nullable().optional(),
  mode: z.enum(scheduleModes, { error: 'must be post or remind' }),
  weekend: z.enum(weekendRules, { error: 'must be as-is, before or after' }).default('as-is'),
  payload: schedulePayloadInputSchema,
});
const endNotBeforeStart = {
  message: 'must not be before start',
  path: ['end'],
};
/** POST schedule/add. */
export const addScheduleSchema = scheduleInput
  .extend({ id: z.null().optional() })
  .refine((s) => s.end == null || s.end >= s.start, endNotBeforeStart);
/** POST schedule/update: the whole schedule again, with its id. Occurrences already posted or skipped stay. */
export const updateScheduleSchema = scheduleInput
  .extend({ id: idSchema })
  .refine((s) => s.end == null || s.end >= s.start, endNotBeforeStart);
export type ScheduleInput = z.infer<typeof scheduleInput>;
/** What a client sends to schedule/add; schedule/update adds the id. */
export type ScheduleBody = z.input<typeof scheduleInput>;

/** A schedule's payload as returned: amounts in major units, null = ask each time. */
export const schedulePayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('transaction'),
    amount: z.number().nullable(),
    currency: z.string(),
    categoryId: z.number(),
    description: z.string(),
    isIncome: z.boolean(),
    type: z.enum(businessTypes).nullable(),
  }),
  z.object({
    kind: z.literal('conversion'),
    fromAmount: z.number().nullable(),
    fromCurrency: z.string(),
    toAmount: z.number().nullable(),
    toCurrency: z.string(),
    description: z.string(),
  }),
]);
export type SchedulePayload = z.infer<typeof schedulePayloadSchema>;

/** A schedule as returned (schedule/add, update, getall). */
export const scheduleSchema = z.object({
  id: z.number(),
  rule: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  mode: z.enum(scheduleModes),
  weekend: z.enum(weekendRules),
  payload: schedulePayloadSchema,
  /** The posting date of the next occurrence neither posted nor skipped (weekend rule applied); null when none is left. */
  next: z.string().nullable(),
  /** Occurrences whose posting date has come (today included) that wait for confirm or skip. */
  due: z.number(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * POST schedule/confirm/{id}: post one occurrence now. `occurrence` is the rule's date (the
 * occurrence's key, before the weekend rule). The optional fields change this posting only ("edit"):
 * an "ask each time" schedule needs its amount(s) here. 400 naming `occurrence` when the rule has no
 * such date; 409 when it was already posted or skipped.
 */
export const confirmOccurrenceSchema = z.object({
  occurrence: calendarDateSchema,
  amount: amountInputSchema.optional(),
  fromAmount: amountInputSchema.optional(),
  toAmount: amountInputSchema.optional(),
  // Without its default (''): an absent description keeps the schedule's.
  description: descriptionSchema.unwrap().optional(),
  /** The posting day; the occurrence's posting date when absent. */
  date: calendarDateSchema.optional(),
});
export type ConfirmOccurrenceBody = z.input<typeof confirmOccurrenceSchema>;

/** The answer of schedule/confirm: the row it wrote. */
export const postedOccurrenceSchema = z.object({
  kind: z.enum(['transaction', 'conversion']),
  id: z.number(),
});
export type PostedOccurrence = z.infer<typeof postedOccurrenceSchema>;

/** POST schedule/skip/{id}: the occurrence is passed over for good (409 when already posted or skipped). */
export const skipOccurrenceSchema = z.object({ occurrence: calendarDateSchema });
export type SkipOccurrenceBody = z.input<typeof skipOccurrenceSchema>;

const DAYS = `must be an integer from 1 to ${MAX_UPCOMING_DAYS}`;
/** POST schedule/upcoming. */
export const upcomingRequestSchema = z.object({
  days: z.number({ error: DAYS }).int(DAYS).min(1, DAYS).max(MAX_UPCOMING_DAYS, DAYS),
});
export type UpcomingRequestBody = z.input<typeof upcomingRequestSchema>;

/** One currency's available balance (major units). */
export const projectedBalanceSchema = z.object({ currency: z.string(), amount: z.number() });

/** One occurrence neither posted nor skipped, due (its day has come) or coming within the asked days. */
export const upcomingItemSchema = z.object({
  scheduleId: z.number(),
  /** The rule's date: the key confirm and skip take. */
  occurrence: z.string(),
  /** The posting date, after the weekend rule. */
  date: z.string(),
  mode: z.enum(scheduleModes),
  /** The posting date has come (today or before) and it waits for confirm or skip. */
  due: z.boolean(),
  payload: schedulePayloadSchema,
  /** Available balance of each currency this occurrence moves, after it and every item before it (an "ask each time" item moves none). */
  balances: z.array(projectedBalanceSchema),
});
export type UpcomingItem = z.infer<typeof upcomingItemSchema>;

/** The answer of schedule/upcoming: today's available balances, then the items by date, then schedule id. */
export const upcomingSchema = z.object({
  today: z.string(),
  available: z.array(projectedBalanceSchema),
  items: z.array(upcomingItemSchema),
});
export type Upcoming = z.infer<typeof upcomingSchema>;
