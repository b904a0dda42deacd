import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { clearToken, getToken, isTokenValid } from '../lib/token';

/** Admits only visitors with a valid token; others are logged out and sent to the login page. */
export function RequireToken({ children }: { children: ReactNode }) {
  if (!isTokenValid(getToken())) {
    clearToken();
    return <Navigate to="/public/login" replace />;
  }
  return children;
}
