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
 * POST exrate/used {start, end}: the stored EUR reference rates the reports of the interval use,
 * per currency of the user (EUR itself has none): the one in force at start, then every later
 * one up to end, each with its day and source.
 */
export const usedRatesResponseSchema = z.object({
  currencies: z.array(
    z.object({
      currency: z.string(),
      rates: z.array(z.object({ day: z.string(), rate: z.string(), source: z.string() })),
    }),
  ),
});
export type UsedRates = z.infer<typeof usedRatesResponseSchema>;
