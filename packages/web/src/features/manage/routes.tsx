import type { RouteObject } from 'react-router';

/** private/manage/* and private/edit-category/{id}; loaded when first opened. */
export const manageRoutes: RouteObject[] = [
  { path: 'manage/*', lazy: async () => ({ Component: (await import('./ManagePage')).ManagePage }) },
  {
    path: 'edit-category/:id',
    lazy: async () => ({ Component: (await import('./categories/EditCategoryPage')).EditCategoryPage }),
  },
];
