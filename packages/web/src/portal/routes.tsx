import type { RouteObject } from 'react-router';
import { RouteError } from '../shared/ErrorBoundary.tsx';
import { NotFound } from '../shared/NotFound.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import type { RouteHandle } from '../shared/routing.ts';
import { SignInLayout } from './layout/SignInLayout.tsx';
import { PortalLayout } from './PortalLayout.tsx';
import { systemRoutes } from './system/routes.tsx';

/**
 * The portal's pages: sign-in, sign-up and password recovery for visitors; the launcher and the
 * account centre and the administration pages once signed in (`PortalLayout` sends visitors to
 * sign in first).
 */
export const portalRoutes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      {
        Component: SignInLayout,
        children: [
          {
            path: 'login',
            handle: { title: 'route.login' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./login/LoginPage.tsx')).LoginPage }),
          },
          {
            path: 'login/bind',
            handle: { title: 'route.bind' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./login/BindPage.tsx')).BindPage }),
          },
          {
            path: 'register',
            handle: { title: 'route.register' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./register/RegisterPage.tsx')).RegisterPage }),
          },
          {
            path: 'forgot',
            handle: { title: 'route.forgot' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./forgot/ForgotPage.tsx')).ForgotPage }),
          },
        ],
      },
      {
        path: 'agreement',
        handle: { title: 'route.agreement' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./agreement/AgreementPage.tsx')).AgreementPage }),
      },
      {
        Component: PortalLayout,
        children: [
          {
            index: true,
            handle: { title: 'route.home' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./launcher/LauncherPage.tsx')).LauncherPage }),
          },
          {
            path: 'accountCenter',
            handle: { title: 'route.accountCenter' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./account/AccountCenterPage.tsx')).AccountCenterPage }),
          },
          systemRoutes,
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];
