import type { RouteObject } from 'react-router';

/** private/user/*: the tabs userinfo (default), changes, two-factor, sessions, tokens, security-log, referral and data; loaded when first opened. */
export const userRoutes: RouteObject[] = [
  { path: 'user/*', lazy: async () => ({ Component: (await import('./UserPage')).UserPage }) },
];
