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
