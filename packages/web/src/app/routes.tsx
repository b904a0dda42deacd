import { Navigate, Outlet, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes';
import { analyticsRoutes } from '../features/analytics/routes';
import { bankReturnRoutes } from '../features/bank/routes';
import { budgetRoutes } from '../features/budgets/routes';
import { importRoutes } from '../features/import/routes';
import { manageRoutes } from '../features/manage/routes';
import { operationsRoutes } from '../features/operations/routes';
import { settleUpRoutes } from '../features/settle-up/routes';
import { transactionRoutes } from '../features/transactions/routes';
import { userRoutes } from '../features/user/routes';
import { DisplayFormatScope } from './DisplayFormatScope';
import { RequireLogin, RequireRegistration } from './guards';

/**
 * The route tree of spec §2. Every layout and page loads lazily, so the first load of a page
 * carries only the shell and that page (the bundle budget of docs/benchmarks.md).
 */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/public" replace /> },
  {
    path: '/public',
    lazy: async () => ({ Component: (await import('./layouts/PublicLayout')).PublicLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/public/FrontPage')).FrontPage }) },
      { path: 'login', lazy: async () => ({ Component: (await import('../features/public/LoginPage')).LoginPage }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('../features/public/SignupPage')).SignupPage }) },
      { path: 'help/*', lazy: async () => ({ Component: (await import('../features/public/HelpPage')).HelpPage }) },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('../features/public/ForgotPasswordPage')).ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('../features/public/ResetPasswordPage')).ResetPasswordPage,
        }),
      },
      { path: 'register', element: <Navigate to="/public/register/verify-email" replace /> },
      {
        // Each registration step needs a login (spec §2).
        element: (
          <RequireLogin>
            <Outlet />
          </RequireLogin>
        ),
        children: [
          {
            path: 'register/verify-email',
            lazy: async () => ({
              Component: (await import('../features/registration/VerifyEmailPage')).VerifyEmailPage,
            }),
          },
          {
            path: 'register/verify-referral',
            lazy: async () => ({
              Component: (await import('../features/registration/VerifyReferralPage')).VerifyReferralPage,
            }),
          },
          {
            path: 'register/initial-data',
            lazy: async () => ({
              Component: (await import('../features/registration/InitialDataPage')).InitialDataPage,
            }),
          },
        ],
      },
    ],
  },
  {
    path: '/private',
    element: (
      <RequireRegistration>
        <DisplayFormatScope />
      </RequireRegistration>
    ),
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/PrivateLayout')).PrivateLayout }),
        children: [
          { index: true, element: <Navigate to="/private/add-transaction" replace /> },
          {
            path: 'dashboard',
            lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }),
          },
          ...analyticsRoutes,
          ...budgetRoutes,
          ...settleUpRoutes,
          ...transactionRoutes,
          ...manageRoutes,
          ...importRoutes,
          ...operationsRoutes,
          ...userRoutes,
          ...adminRoutes,
          // An unknown private path stays in the app and says so (issue 22).
          { path: '*', lazy: async () => ({ Component: (await import('./layouts/NotFoundPage')).NotFoundPage }) },
        ],
      },
    ],
  },
  ...bankReturnRoutes,
  { path: '*', element: <Navigate to="/public" replace /> },
];
