import type { RouteObject } from 'react-router';

/** private/admin: the admin page (issue 22); loaded when first opened. */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', lazy: async () => ({ Component: (await import('./AdminPage')).AdminPage }) },
];
