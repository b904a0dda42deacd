import { z } from 'zod';

/** Loan figures of one currency or, converted, of the main currency. */
export const loanFiguresSchema = z.object({
  /** Lent (OUT) in total. */
  given: z.number(),
  /** Borrowed or repaid to the user (IN) in total. */
  taken: z.number(),
  /** given - taken: > 0 others owe the user. */
  balance: z.number(),
});

/** GET loan/{id}: main-currency figures (flows at their days' rates, balance at today's) plus the native breakdown. */
export const loanSummarySchema = loanFiguresSchema.extend({
  currency: z.string(),
  native: z.array(loanFiguresSchema.extend({ currency: z.string() })),
});
export type LoanSummary = z.infer<typeof loanSummarySchema>;

const businessFigureNames = [
  'invP',
  'invM',
  'invS',
  'pnlP',
  'pnlM',
  'pnlS',
  'relP',
  'relM',
  'relS',
  'balSP',
  'balSM',
  'balSS',
  'realSP',
  'realSM',
  'realSS',
  'pendingP',
  'pendingM',
  'pendingS',
  'aquiredPnl',
  'latentPnl',
  'sumPnl',
] as const;
export type BusinessFigureName = (typeof businessFigureNames)[number];

/** Business figures (spec §3): P plus side, M minus side (negative), S sum. */
export const businessFiguresSchema = z.object(
  Object.fromEntries(businessFigureNames.map((n) => [n, z.number()])) as Record<BusinessFigureName, z.ZodNumber>,
);
export type BusinessFigures = z.infer<typeof businessFiguresSchema>;

/** GET business/{id}: main-currency figures with percentages, plus the native breakdown. */
export const businessSummarySchema = businessFiguresSchema.extend({
  currency: z.string(),
  /** value / (-invM) x 100; null when nothing was invested. */
  aquiredPnlPerc: z.number().nullable(),
  latentPnlPerc: z.number().nullable(),
  sumPnlPerc: z.number().nullable(),
  native: z.array(businessFiguresSchema.extend({ currency: z.string() })),
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;
export { businessFigureNames };
