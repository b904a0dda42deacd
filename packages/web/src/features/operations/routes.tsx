import type { RouteObject } from 'react-router';

/** private/operations/* and private/edit-fixpoint/{id}; loaded when first opened. */
export const operationsRoutes: RouteObject[] = [
  { path: 'operations/*', lazy: async () => ({ Component: (await import('./OperationsPage')).OperationsPage }) },
  {
    path: 'edit-fixpoint/:id',
    lazy: async () => ({ Component: (await import('./fixpoint/EditFixpointPage')).EditFixpointPage }),
  },
];
