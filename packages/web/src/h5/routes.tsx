import { Navigate, type RouteObject } from 'react-router';
import { useUserInfo } from '../shared/auth.ts';
import { notFoundRoute, type RouteHandle } from '../shared/routing.ts';
import { storedUser } from '../shared/session.ts';
import { H5Session } from './login/H5Session.tsx';
import { H5RouteError } from './shell/failures.tsx';
import { H5Layout } from './shell/H5Layout.tsx';
import { H5Loading } from './shell/Loading.tsx';

// The layout, the sign-in page and the loading and failure pages are plain elements; the pages
// after sign-in, and the 404 with its illustration, bring antd with AntdScope (decision 0051).
const antdScope = async () => ({ Component: (await import('./shell/AntdScope.tsx')).AntdScope });

/**
 * Each kind of account has its home on the phone: students, parents and teachers (who hold a Mind
 * identity) their tasks; a Device Cloud account, such as a field engineer, the work orders sent to them.
 */
function H5Home() {
  const stored = storedUser();
  // A session handed over in the address has no stored user yet: ask who it is.
  const info = useUserInfo({ enabled: stored === null });
  const identityId = stored ? stored.identityId : info.data?.identityId;
  if (!stored && !info.data) return info.isError ? <Navigate to="/tasks" replace /> : <H5Loading />;
  return <Navigate to={identityId === null ? '/orders' : '/tasks'} replace />;
}

export const h5Routes: RouteObject[] = [
  {
    path: '/',
    Component: H5Layout,
    HydrateFallback: H5Loading,
    errorElement: <H5RouteError />,
    children: [
      {
        path: 'login',
        handle: { title: 'route.login' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./login/LoginPage.tsx')).LoginPage }),
      },
      {
        Component: H5Session,
        children: [
          { index: true, Component: H5Home },
          {
            path: 'password',
            handle: { title: 'route.password' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./login/PasswordPage.tsx')).PasswordPage }),
          },
          {
            lazy: antdScope,
            children: [
              {
                path: 'tasks',
                handle: { title: 'route.tasks' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./tasks/TasksPage.tsx')).TasksPage }),
              },
              {
                path: 'activities',
                handle: { title: 'route.activities' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./activities/ActivitiesPage.tsx')).ActivitiesPage }),
              },
              {
                path: 'sign',
                handle: { title: 'route.signForms' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./signing/SignFormsPage.tsx')).SignFormsPage }),
              },
              {
                path: 'sign/:number',
                handle: { title: 'route.signForm' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./signing/SignFormPage.tsx')).SignFormPage }),
              },
              {
                path: 'orders',
                handle: { title: 'route.orders' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./orders/OrdersPage.tsx')).OrdersPage }),
              },
              {
                path: 'orders/:id',
                handle: { title: 'route.order' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./orders/OrderPage.tsx')).OrderPage }),
              },
              {
                path: 'mood',
                handle: { title: 'route.mood' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./mood/MoodPage.tsx')).MoodPage }),
              },
              {
                path: 'tree-hole',
                handle: { title: 'route.treeHole' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./tree-hole/TreeHolePage.tsx')).TreeHolePage }),
              },
              {
                path: 'tutors',
                handle: { title: 'route.tutors' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./tutors/TutorsPage.tsx')).TutorsPage }),
              },
              {
                path: 'interview/:taskId/:scaleId',
                handle: { title: 'route.interview' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./interview/InterviewPage.tsx')).InterviewPage }),
              },
              {
                path: 'answer/:taskId/:scaleId',
                handle: { title: 'route.answer' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./answer/AnswerPage.tsx')).AnswerPage }),
              },
            ],
          },
        ],
      },
      { lazy: antdScope, children: [{ path: '*', lazy: notFoundRoute }] },
    ],
  },
];
