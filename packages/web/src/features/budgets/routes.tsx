import type { RouteObject } from 'react-router';

/** private/budgets: loaded when first opened (the history charts pull in @mantine/charts). */
export const budgetRoutes: RouteObject[] = [
  { path: 'budgets', lazy: async () => ({ Component: (await import('./BudgetsPage')).BudgetsPage }) },
];
