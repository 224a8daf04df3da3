import { matchRoutes, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { onPhone, passwordPath } from '../../shared/phone-password.ts';
import { getToken, storedUser, takeTokenFromAddress } from '../../shared/session.ts';
import { h5SignInAddress } from './target.ts';

/** Pages that need a session: a visitor without one signs in on H5 first and comes back here. */
export function H5Session() {
  const { pathname, search } = useLocation();
  if (!getToken()) return <Navigate to={`/login?target=${encodeURIComponent(`/h5${pathname}${search}`)}`} replace />;
  // A student or parent still on the slip's password changes it before anything else.
  const user = storedUser();
  if (user?.defaultPass && onPhone(user.identityId) && pathname !== '/password') {
    return <Navigate to={passwordPath(`${pathname}${search}`)} replace />;
  }
  return <Outlet />;
}

/**
 * Before the router starts: a visitor without a session who opens a page behind `H5Session` is
 * sent to sign in at once. The router would fetch that page's code (and the antd it brings)
 * before `H5Session` could send them, delaying the sign-in page on a phone (decision 0051).
 */
export function signInFirst(routes: RouteObject[]): void {
  // A token handed over in the address counts as a session.
  takeTokenFromAddress();
  if (getToken()) return;
  const matches = matchRoutes(routes, window.location, '/h5') ?? [];
  if (!matches.some((match) => match.route.Component === H5Session)) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', h5SignInAddress(`${pathname}${search}`));
}
