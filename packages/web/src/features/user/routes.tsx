import type { RouteObject } from 'react-router';

/**
 * private/user/*: the tabs userinfo (default), preferences, members, changes, two-factor, sessions, tokens,
 * security-log, referral and data; and private/book/accept/{token}, an invitation's link (issue
 * 34). Loaded when first opened.
 */
export const userRoutes: RouteObject[] = [
  { path: 'user/*', lazy: async () => ({ Component: (await import('./UserPage')).UserPage }) },
  {
    path: 'book/accept/:token',
    lazy: async () => ({ Component: (await import('./AcceptInvitePage')).AcceptInvitePage }),
  },
];
