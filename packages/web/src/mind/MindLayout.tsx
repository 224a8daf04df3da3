import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRouteTitle, useScrollToTop } from '../shared/routing.ts';
import { keepQueryValues } from './session/queryValues.ts';

/**
 * The root of every Mind address: the document title from the route, the top of the page on each
 * navigation, and the `jgId`, `appId` and `corpId` an address brings kept for the visit.
 */
export function MindLayout() {
  const { search } = useLocation();
  useRouteTitle('appName');
  useScrollToTop();
  useEffect(() => keepQueryValues(search), [search]);
  return <Outlet />;
}
