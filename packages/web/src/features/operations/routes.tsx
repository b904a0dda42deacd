import type { RouteObject } from 'react-router';
import { Placeholder } from '../../components/Placeholder';

/** private/operations/* and private/edit-fixpoint/{id}. */
export const operationsRoutes: RouteObject[] = [
  { path: 'operations/*', element: <Placeholder title="Operations" /> },
  { path: 'edit-fixpoint/:id', element: <Placeholder title="Edit fixpoint" /> },
];
