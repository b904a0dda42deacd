import { z } from 'zod';

/** A stored EUR reference rate used by a conversion: its day and where it came from. */
export const rateLegSchema = z.object({
  currency: z.string(),
  day: z.string(),
  rate: z.string(),
  source: z.string(),
});
export type RateLeg = z.infer<typeof rateLegSchema>;

/** GET exrate/get-daily: per user currency, units of it per 1 unit of the main currency today. */
export const dailyRateResponseSchema = z.array(
  z.object({
    toCurrency: z.string(),
    rate: z.number(),
    /** Provenance: the EUR rates behind the cross rate (empty for the main currency itself). */
    legs: z.array(rateLegSchema),
  }),
);
export type DailyRateResponse = z.infer<typeof dailyRateResponseSchema>;

/**
 * How fresh the rates in use are (issue 32): the newest day of any stored rate, whether that is
 * stale (more than two business days, Monday to Friday, behind the last business day before
 * today, UTC days), and the last refresh attempt of any instance or the CLI, absent before the
 * first: when it ran (ISO instant), whether it stored rates, why not (each feed's failure), and
 * when a refresh last stored rates.
 */
export const ratesStatusSchema = z.object({
  newestDay: z.string(),
  stale: z.boolean(),
  lastRefresh: z
    .object({
      at: z.string(),
      ok: z.boolean(),
      error: z.string().optional(),
      lastOkAt: z.string().optional(),
    })
    .optional(),
});
export type RatesStatus = z.infer<typeof ratesStatusSchema>;

/**
 * POST exrate/used {start, end}: the stored EUR reference rates the reports of the interval use,
 * per currency of the user (EUR itself has none): the one in force at start, then every later
 * one up to end, each with its day and source; and how fresh the rates are (status, issue 32).
 */
export const usedRatesResponseSchema = z.object({
  currencies: z.array(
    z.object({
      currency: z.string(),
      rates: z.array(z.object({ day: z.string(), rate: z.string(), source: z.string() })),
    }),
  ),
  status: ratesStatusSchema.optional(),
});
export type UsedRates = z.infer<typeof usedRatesResponseSchema>;
