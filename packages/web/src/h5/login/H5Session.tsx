import { Navigate, Outlet, useLocation } from 'react-router';
import { getToken } from '../../shared/session.ts';

/** Pages that need a session: a visitor without one signs in on H5 first and comes back here. */
export function H5Session() {
  const { pathname, search } = useLocation();
  if (!getToken()) return <Navigate to={`/login?target=${encodeURIComponent(`/h5${pathname}${search}`)}`} replace />;
  return <Outlet />;
}
