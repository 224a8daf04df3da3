import type { RouteObject } from 'react-router';
import { notFoundRoute } from '../../shared/routing.ts';
import { peopleRoutes } from './people/routes.ts';
import type { SystemHandle } from './SystemLayout.tsx';

/**
 * `/system/...`: the administration pages, each naming its page of `SYSTEM_PAGES` so that the
 * layout can refuse it in place when the current role lacks its permission.
 */
export const systemRoutes: RouteObject = {
  path: 'system',
  handle: { title: 'system.title' },
  lazy: async () => ({ Component: (await import('./SystemLayout.tsx')).SystemLayout }),
  children: [
    { index: true, lazy: async () => ({ Component: (await import('./SystemLayout.tsx')).SystemHome }) },
    {
      path: 'users',
      handle: { title: 'system.route.users', systemPage: 'users' } satisfies SystemHandle,
      lazy: async () => ({ Component: (await import('./users/UsersPage.tsx')).UsersPage }),
    },
    {
      path: 'users/review',
      handle: { title: 'system.route.review', systemPage: 'review' } satisfies SystemHandle,
      lazy: async () => ({ Component: (await import('./users/ReviewPage.tsx')).ReviewPage }),
    },
    {
      path: 'roles',
      handle: { title: 'system.route.roles', systemPage: 'roles' } satisfies SystemHandle,
      lazy: async () => ({ Component: (await import('./roles/RolesPage.tsx')).RolesPage }),
    },
    {
      path: 'audit',
      handle: { title: 'system.route.audit', systemPage: 'audit' } satisfies SystemHandle,
      lazy: async () => ({ Component: (await import('./audit/AuditPage.tsx')).AuditPage }),
    },
    ...peopleRoutes,
    { path: '*', lazy: notFoundRoute },
  ],
};
