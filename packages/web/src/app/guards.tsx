import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { pendingStep, stepPath } from '../shared/registration-steps';
import type { LoginRedirectState } from '../shared/session';
import { clearToken, getToken, isTokenValid, tokenClaims, useToken } from '../lib/token';

function ToLogin() {
  const location = useLocation();
  const invalid = useToken() !== null;
  // Spec §4: an invalid token means logging out; done after render, as it notifies subscribers.
  useEffect(() => {
    if (invalid) clearToken();
  }, [invalid]);
  const state: LoginRedirectState = { from: location.pathname + location.search };
  return <Navigate to="/public/login" replace state={state} />;
}

/** Admits anyone with a valid token; others go to the login page, which brings them back. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const token = useToken();
  if (!isTokenValid(token)) return <ToLogin />;
  return children;
}

/**
 * The registration guard of spec §4 for the private area: a valid token, a verified e-mail, an
 * accepted referral and a completed registration, checked in that order. The flags come from
 * the token, which the server reissues after every registration step.
 */
export function RequireRegistration({ children }: { children: ReactNode }) {
  // Read, not subscribed: a logout clears the token and then navigates away; a re-render in
  // between would send the user to the login page instead of where the logout leads.
  const token = getToken();
  if (!isTokenValid(token)) return <ToLogin />;
  const claims = tokenClaims(token);
  const step = claims === undefined ? undefined : pendingStep(claims);
  if (step !== undefined) return <Navigate to={stepPath(step)} replace />;
  return children;
}
