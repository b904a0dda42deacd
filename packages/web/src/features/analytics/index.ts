import { lazy } from 'react';

// What other features may use of Analytics: the chart box that follows its width at most every
// 100 ms, and the axis ticks of its charts.
export { ChartBox } from './ChartBox';
export { tickLabel } from './chart-format';

/**
 * The fixpoint drift card (issue 21) for the fixpoints screen, loaded when first shown (inside a
 * Suspense), so its chart code stays out of the screen's own chunk.
 */
export const FixpointDriftCard = lazy(async () => ({
  default: (await import('./FixpointDriftCard')).FixpointDriftCard,
}));
