import type { RouteObject } from 'react-router';

/**
 * private/analytics/*: loaded when first opened, so the chart code (@mantine/charts, recharts)
 * is only downloaded on the analytics route.
 */
export const analyticsRoutes: RouteObject[] = [
  { path: 'analytics/*', lazy: async () => ({ Component: (await import('./AnalyticsPage')).AnalyticsPage }) },
];
