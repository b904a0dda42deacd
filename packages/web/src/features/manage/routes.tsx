import type { RouteObject } from 'react-router';
import { EditCategoryPage } from './categories/EditCategoryPage';
import { ManagePage } from './ManagePage';

/** private/manage/* and private/edit-category/{id}. */
export const manageRoutes: RouteObject[] = [
  { path: 'manage/*', element: <ManagePage /> },
  { path: 'edit-category/:id', element: <EditCategoryPage /> },
];
