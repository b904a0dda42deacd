import { Navigate, useLocation, type RouteObject } from 'react-router';

/** Sends the server's address of the bank screen on to the app's, with its query (?connected=, ?error=). */
function ToBankScreen() {
  const { search } = useLocation();
  return <Navigate to={`/private/manage/bank${search}`} replace />;
}

/**
 * /manage/bank: where the server's Enable Banking return route sends the browser once the bank
 * has answered (issue 35). The screen itself is the Manage tab private/manage/bank.
 */
export const bankReturnRoutes: RouteObject[] = [{ path: '/manage/bank', element: <ToBankScreen /> }];
