import type { RouteObject } from 'react-router';
import { EditFixpointPage } from './fixpoint/EditFixpointPage';
import { OperationsPage } from './OperationsPage';

/** private/operations/* and private/edit-fixpoint/{id}. */
export const operationsRoutes: RouteObject[] = [
  { path: 'operations/*', element: <OperationsPage /> },
  { path: 'edit-fixpoint/:id', element: <EditFixpointPage /> },
];
