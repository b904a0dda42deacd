import { Navigate } from 'react-router';
import { tokenClaims, useToken } from '../../lib/token';
import { nextPath, pendingStep, type RegistrationStep } from '../../shared/registration-steps';

/**
 * Keeps a registration page to the user it is for: once the token says this step is done (right
 * after the server reissued it, or on a later visit), the user is sent on to the next step or the
 * dashboard. Returns the redirect to render, or undefined to render the page.
 */
export function useStepGate(step: RegistrationStep) {
  const token = useToken();
  const claims = token === null ? undefined : tokenClaims(token);
  if (claims === undefined || pendingStep(claims) === step) return undefined;
  return <Navigate to={nextPath(claims)} replace />;
}
