import { z } from 'zod';

/** GET health: liveness, 200 while the process runs (it does not ask the database). */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * GET health/ready: 200 only when the database is reachable, migrated and stores a write;
 * otherwise 503 with an error body of type 'unavailable' naming the failed check.
 */
export const readinessResponseSchema = z.object({
  status: z.literal('ready'),
  version: z.string(),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
