import { z } from 'zod';
import { analyticsIntervalSchema } from './common.js';

// What currencies did to the user's money (issue 21). Amounts are JSON numbers in major units of
// the main currency (named in `currency`) unless a field names another currency; rates are
// display values (10 significant digits), never used to recompute an amount.

/** The body of every insights report: `{start, end}` instants, as the other analytics. */
export const insightsRequestSchema = analyticsIntervalSchema;
export type InsightsRequestBody = z.input<typeof insightsRequestSchema>;

/** One conversion of analytics/conversion-costs. */
export const conversionCostItemSchema = z.object({
  id: z.number(),
  time: z.string(),
  /** Major units of fromCurrency / toCurrency. */
  fromAmount: z.number(),
  fromCurrency: z.string(),
  toAmount: z.number(),
  toCurrency: z.string(),
  /** toAmount / fromAmount in major units: what the user got per unit given. */
  effectiveRate: z.number(),
  /** The reference cross rate (through EUR) of the conversion's day: units of to per unit of from. */
  referenceRate: z.number(),
  /** The UTC day whose reference rates valued the conversion (YYYY-MM-DD). */
  rateDay: z.string(),
  /** Value of the from-leg minus value of the to-leg, main currency: > 0 is money lost. */
  cost: z.number(),
});
export type ConversionCostItem = z.infer<typeof conversionCostItemSchema>;

/** analytics/conversion-costs: the interval's conversions, most expensive first, with totals. */
export const conversionCostsSchema = z.object({
  /** The main currency every cost is in. */
  currency: z.string(),
  total: z.number(),
  /** How many conversions the interval holds (items stops at 5,000; totals count them all). */
  count: z.number(),
  items: z.array(conversionCostItemSchema),
  months: z.array(z.object({ month: z.string(), cost: z.number() })),
  pairs: z.array(z.object({ from: z.string(), to: z.string(), count: z.number(), cost: z.number() })),
});
export type ConversionCosts = z.infer<typeof conversionCostsSchema>;

/** The names of analytics/networth-bridge's parts, in the order they are listed. */
export const bridgePartNames = [
  'income',
  'expense',
  'business',
  'external',
  'conversioncost',
  'fx',
  'fixpointerror',
] as const;
export type BridgePartName = (typeof bridgePartNames)[number];

/** analytics/networth-bridge: start + Σ parts.amount = end, to the cent. */
export const networthBridgeSchema = z.object({
  currency: z.string(),
  /** Net worth just before the interval's start (analytics/balances of start − 1 ms). */
  start: z.number(),
  /** Net worth at the interval's end. */
  end: z.number(),
  parts: z.array(
    z.object({
      name: z.enum(bridgePartNames),
      amount: z.number(),
      /** The currency of an `fx` part. */
      currency: z.string().optional(),
    }),
  ),
});
export type NetworthBridge = z.infer<typeof networthBridgeSchema>;

/** A pocket's stated balance at a fixpoint (major units of `currency`). */
export const driftPocketSchema = z.object({ pocketId: z.number(), name: z.string(), balance: z.number() });

/** analytics/fixpoint-drift: per currency, each fixpoint's error, running total and monthly average. */
export const fixpointDriftSchema = z.object({
  currency: z.string(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      /** Σ errorMain / (days of the interval / 30.42), main currency. */
      monthlyAverage: z.number(),
      /** Σ error, native (major units of `currency`). */
      total: z.number(),
      items: z.array(
        z.object({
          fixpointId: z.number(),
          time: z.string(),
          /** error_C(F), native. */
          error: z.number(),
          /** The error at the fixpoint's day's rate, main currency. */
          errorMain: z.number(),
          /** Running total of errorMain from the interval's start, main currency (each rounded once). */
          cumulative: z.number(),
          /** stated_C(F) and calculated_C(F), native. */
          stated: z.number(),
          calculated: z.number(),
          /** The pockets of the currency as stated at the fixpoint. */
          pockets: z.array(driftPocketSchema),
        }),
      ),
    }),
  ),
});
export type FixpointDrift = z.infer<typeof fixpointDriftSchema>;

/** analytics/exposure: available money per currency over the interval, and a 10 % move's effect. */
export const exposureSchema = z.object({
  currency: z.string(),
  /** "day" points (YYYY-MM-DD), or "week" points (the last day of each week) over long intervals. */
  step: z.enum(['day', 'week']),
  dates: z.array(z.string()),
  series: z.array(
    z.object({
      currency: z.string(),
      /** Main-currency value of available_C at the end of each date. */
      values: z.array(z.number()),
      /** Share of the date's total available value, in percent (2 decimals; 0 when the total is 0). */
      shares: z.array(z.number()),
    }),
  ),
  /** Net-worth change at the end if the currency moved 10 % against the main currency. */
  sensitivity: z.array(z.object({ currency: z.string(), amount: z.number() })),
});
export type Exposure = z.infer<typeof exposureSchema>;
