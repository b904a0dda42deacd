import type { RouteObject } from 'react-router';
import { UserPage } from './UserPage';

/** private/user/*: the tabs userinfo (default), changes and referral. */
export const userRoutes: RouteObject[] = [{ path: 'user/*', element: <UserPage /> }];
