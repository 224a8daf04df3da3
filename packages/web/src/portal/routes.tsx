import type { RouteObject } from 'react-router';
import { RouteError } from '../shared/ErrorBoundary.tsx';
import { NotFound } from '../shared/NotFound.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import type { RouteHandle } from '../shared/routing.ts';
import { PortalLayout } from './PortalLayout.tsx';

export const portalRoutes: RouteObject[] = [
  {
    path: '/',
    Component: PortalLayout,
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        handle: { title: 'route.home' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./home/HomePage.tsx')).HomePage }),
      },
      { path: '*', Component: NotFound },
    ],
  },
];
