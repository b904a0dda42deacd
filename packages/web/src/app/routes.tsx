import { Navigate, type RouteObject } from 'react-router';
import { Placeholder } from '../components/Placeholder';
import { FrontPage } from '../features/public/FrontPage';
import { HelpPage } from '../features/public/HelpPage';
import { LoginPage } from '../features/public/LoginPage';
import { RequireToken } from './guards';
import { PrivateLayout, SECTIONS } from './layouts/PrivateLayout';
import { PublicLayout } from './layouts/PublicLayout';

/** The route tree of spec §2; screens not built yet render a placeholder. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/public" replace /> },
  {
    path: '/public',
    element: <PublicLayout />,
    children: [
      { index: true, element: <FrontPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <Placeholder title="Sign up" /> },
      { path: 'help', element: <HelpPage /> },
      { path: 'register', element: <Navigate to="/public/register/verify-email" replace /> },
      { path: 'register/verify-email', element: <Placeholder title="Verify email" /> },
      { path: 'register/verify-referral', element: <Placeholder title="Referral code" /> },
      { path: 'register/initial-data', element: <Placeholder title="Initial setup" /> },
    ],
  },
  {
    path: '/private',
    element: (
      <RequireToken>
        <PrivateLayout />
      </RequireToken>
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
