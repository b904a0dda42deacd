import type { RouteObject } from 'react-router';
import { Placeholder } from '../../components/Placeholder';

/** private/manage/* and private/edit-category/{id}. */
export const manageRoutes: RouteObject[] = [
  { path: 'manage/*', element: <Placeholder title="Manage" /> },
  { path: 'edit-category/:id', element: <Placeholder title="Edit category" /> },
];
