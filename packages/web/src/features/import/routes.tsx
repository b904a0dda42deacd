import type { RouteObject } from 'react-router';

/** private/import: the bank-file import; loaded when first opened. */
export const importRoutes: RouteObject[] = [
  { path: 'import', lazy: async () => ({ Component: (await import('./ImportPage')).ImportPage }) },
];
