import type { RouteObject } from 'react-router';

/** private/settle-up (issue 34): loaded when first opened (its balance chart pulls in @mantine/charts). */
export const settleUpRoutes: RouteObject[] = [
  { path: 'settle-up', lazy: async () => ({ Component: (await import('./SettleUpPage')).SettleUpPage }) },
];
