import { dayFromIso } from '@kassa/money';
import { z } from 'zod';
import { analyticsIntervalSchema, boundedInstantSchema, currencyCodeSchema, moneyAmountSchema } from './common.js';
import { rateLegSchema } from './rates.js';

/**
 * The body of analytics/balances and analytics/holdings: a JSON string, either an ISO instant
 * with a zone or a "YYYY-MM-DD" day (meaning the end of that UTC day). Parsed to epoch ms.
 */
export const analyticsDateSchema = z
  .string({ error: 'must be a date string' })
  .transform((text, ctx) => {
    const day = dayFromIso(text);
    if (day !== undefined) return (day + 1) * 86_400_000 - 1;
    const instant = z.iso.datetime({ offset: true }).safeParse(text);
    if (instant.success) return Date.parse(text);
    ctx.addIssue({ code: 'custom', message: 'must be a YYYY-MM-DD day or an ISO 8601 date-time with a zone' });
    return z.NEVER;
  })
  .pipe(boundedInstantSchema);

/** The names of analytics/cashflow's amounts, in the order it lists them (DESIGN §5). */
export const cashflowNames = [
  'income',
  'expense',
  'loanin',
  'loanout',
  'businessin',
  'businessout',
  'tempin',
  'tempout',
  'convin',
  'convout',
  'externalin',
  'externalout',
  'start',
  'end',
  'realized',
  'fixpointerror',
  'revaluation',
] as const;
export type CashflowName = (typeof cashflowNames)[number];

/** The names of analytics/balances' amounts, in the order it lists them (DESIGN §5). */
export const balanceNames = [
  'availablenominalmain',
  'available',
  'loaned',
  'businesspending',
  'outstanding',
  'networth',
] as const;
export type BalanceName = (typeof balanceNames)[number];

/** A named amount, as the analytics answers list them. */
export const namedAssetSchema = z.object({ name: z.string(), asset: moneyAmountSchema });
export type NamedAsset = z.infer<typeof namedAssetSchema>;

/** analytics/holdings: per currency, available and (for non-main currencies) its value in the main currency. */
export const holdingSchema = z.object({
  currency: z.string(),
  amount: z.number(),
  convertedAmount: z.number().optional(),
  /** Provenance of convertedAmount (issue 21): main-currency units per 1 unit, 10 significant digits… */
  rate: z.string().optional(),
  /** …and the stored EUR reference rates behind it, with their days and sources. */
  legs: z.array(rateLegSchema).optional(),
});
export type Holding = z.infer<typeof holdingSchema>;

/** A "YYYY-MM-DD" UTC day, parsed to its day number. */
const isoDaySchema = z.string({ error: 'must be a YYYY-MM-DD day' }).transform((text, ctx) => {
  const day = dayFromIso(text);
  if (day !== undefined) return day;
  ctx.addIssue({ code: 'custom', message: 'must be a YYYY-MM-DD day' });
  return z.NEVER;
});

/**
 * How a report values its flows (issue 21): "then" (the default) each at its own day's rate, or
 * {date} all at that day's rates.
 */
export const valuationSchema = z.union([z.literal('then'), z.object({ date: isoDaySchema }).strict()], {
  error: 'must be "then" or {"date": "YYYY-MM-DD"}',
});
export type Valuation = z.infer<typeof valuationSchema>;
export type ValuationInput = z.input<typeof valuationSchema>;

/** A report's view: its valuation, and the currency it is shown in (one of the user's; the main one by default). */
const reportViewShape = { valuation: valuationSchema.optional(), currency: currencyCodeSchema.optional() };
export interface ReportView {
  valuation?: Valuation | undefined;
  currency?: string | undefined;
}

/** analytics/cashflow: the interval, and optionally the report's view (valuation, currency). */
export const cashflowRequestSchema = analyticsIntervalSchema.and(z.object(reportViewShape));
export type CashflowBody = z.input<typeof cashflowRequestSchema>;

/** analytics/oneperiod and multiperiod: {interval, direction, valuation?, currency?}; direction true = income (IN). */
export const onePeriodRequestSchema = z.object({
  interval: analyticsIntervalSchema,
  direction: z.boolean({ error: 'must be true (income) or false (expense)' }),
  ...reportViewShape,
});
export type OnePeriodBody = z.input<typeof onePeriodRequestSchema>;

/** One category's P&L in the asked direction (positive), in the main currency. */
export const categoryAmountSchema = namedAssetSchema.extend({ categoryId: z.number() });
export type CategoryAmount = z.infer<typeof categoryAmountSchema>;

/** analytics/balance-history: one point per UTC day of [start, end], in the main currency. */
export const balanceHistorySchema = z.object({
  dates: z.array(z.string()),
  available: z.array(z.number()),
  loaned: z.array(z.number()),
  businesspending: z.array(z.number()),
  networth: z.array(z.number()),
});
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;

/** analytics/multiperiod: a "dates" series of months ("YYYY-MM"), then one series per top category and "Other". */
export const multiPeriodSchema = z.array(
  z.object({ name: z.string(), values: z.array(z.union([z.number(), z.string()])) }),
);
export type MultiPeriod = z.infer<typeof multiPeriodSchema>;

/** Longest balance history served in one call (days): 20 years. */
export const MAX_HISTORY_DAYS = 7305;
