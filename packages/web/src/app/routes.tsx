import { Navigate, type RouteObject } from 'react-router';
import { Placeholder } from '../components/Placeholder';
import { FrontPage } from '../features/public/FrontPage';
import { HelpPage } from '../features/public/HelpPage';
import { LoginPage } from '../features/public/LoginPage';
import { SignupPage } from '../features/public/SignupPage';
import { InitialDataPage } from '../features/registration/InitialDataPage';
import { VerifyEmailPage } from '../features/registration/VerifyEmailPage';
import { VerifyReferralPage } from '../features/registration/VerifyReferralPage';
import { RequireLogin, RequireRegistration } from './guards';
import { PrivateLayout } from './layouts/PrivateLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { SECTIONS } from './layouts/sections';

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
      ...SECTIONS.map((s) => ({ path: `${s.path}/*`, element: <Placeholder title={s.label} /> })),
      { path: 'edit-category/:id', element: <Placeholder title="Edit category" /> },
      { path: 'edit-transaction/:id', element: <Placeholder title="Edit transaction" /> },
      { path: 'edit-conversion/:id', element: <Placeholder title="Edit conversion" /> },
      { path: 'edit-fixpoint/:id', element: <Placeholder title="Edit fixpoint" /> },
    ],
  },
  { path: '*', element: <Navigate to="/public" replace /> },
];
