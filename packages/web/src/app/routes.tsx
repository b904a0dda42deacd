import { Navigate, type RouteObject } from 'react-router';
import { FrontPage } from '../features/public/FrontPage';
import { HelpPage } from '../features/public/HelpPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { LoginPage } from '../features/public/LoginPage';
import { analyticsRoutes } from '../features/analytics/routes';
import { manageRoutes } from '../features/manage/routes';
import { operationsRoutes } from '../features/operations/routes';
import { transactionRoutes } from '../features/transactions/routes';
import { userRoutes } from '../features/user/routes';
import { SignupPage } from '../features/public/SignupPage';
import { InitialDataPage } from '../features/registration/InitialDataPage';
import { VerifyEmailPage } from '../features/registration/VerifyEmailPage';
import { VerifyReferralPage } from '../features/registration/VerifyReferralPage';
import { RequireLogin, RequireRegistration } from './guards';
import { PrivateLayout } from './layouts/PrivateLayout';
import { PublicLayout } from './layouts/PublicLayout';

/** The route tree of spec §2; screens of later issues render a placeholder. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/public" replace /> },
  {
    path: '/public',
    element: <PublicLayout />,
    children: [
      { index: true, element: <FrontPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'help', element: <HelpPage /> },
      { path: 'register', element: <Navigate to="/public/register/verify-email" replace /> },
      {
        path: 'register/verify-email',
        element: (
          <RequireLogin>
            <VerifyEmailPage />
          </RequireLogin>
        ),
      },
      {
        path: 'register/verify-referral',
        element: (
          <RequireLogin>
            <VerifyReferralPage />
          </RequireLogin>
        ),
      },
      {
        path: 'register/initial-data',
        element: (
          <RequireLogin>
            <InitialDataPage />
          </RequireLogin>
        ),
      },
    ],
  },
  {
    path: '/private',
    element: (
      <RequireRegistration>
        <PrivateLayout />
      </RequireRegistration>
    ),
    children: [
      { index: true, element: <Navigate to="/private/add-transaction" replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      ...analyticsRoutes,
      ...transactionRoutes,
      ...manageRoutes,
      ...operationsRoutes,
      ...userRoutes,
      // An unknown private path stays in the app.
      { path: '*', element: <Navigate to="/private" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/public" replace /> },
];
