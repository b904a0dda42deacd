import type { RouteObject } from 'react-router';
import { Placeholder } from '../../components/Placeholder';

/** private/user/*. */
export const userRoutes: RouteObject[] = [{ path: 'user/*', element: <Placeholder title="User" /> }];
