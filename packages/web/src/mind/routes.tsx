import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../shared/ErrorBoundary.tsx';
import { NotFound } from '../shared/NotFound.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import type { RouteHandle } from '../shared/routing.ts';
import { MindLayout } from './MindLayout.tsx';

/** Mind's addresses follow its spec (section 2): `/` opens `/data/home`. The `/data` shell is a later issue. */
export const mindRoutes: RouteObject[] = [
  {
    path: '/',
    Component: MindLayout,
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/data/home" replace /> },
      {
        path: 'data/home',
        handle: { title: 'route.home' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./home/HomePage.tsx')).HomePage }),
      },
      { path: '*', Component: NotFound },
    ],
  },
];
