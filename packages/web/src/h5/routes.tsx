import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../shared/ErrorBoundary.tsx';
import { NotFound } from '../shared/NotFound.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import type { RouteHandle } from '../shared/routing.ts';
import { H5Layout } from './H5Layout.tsx';
import { H5Session } from './login/H5Session.tsx';

export const h5Routes: RouteObject[] = [
  {
    path: '/',
    Component: H5Layout,
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/tasks" replace /> },
      {
        path: 'login',
        handle: { title: 'route.login' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./login/LoginPage.tsx')).LoginPage }),
      },
      {
        Component: H5Session,
        children: [
          {
            path: 'tasks',
            handle: { title: 'route.tasks' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./tasks/TasksPage.tsx')).TasksPage }),
          },
          {
            path: 'answer/:taskId/:scaleId',
            handle: { title: 'route.answer' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./answer/AnswerPage.tsx')).AnswerPage }),
          },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
];
