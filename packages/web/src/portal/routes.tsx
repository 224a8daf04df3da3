import type { RouteObject } from 'react-router';
import { RouteError } from '../shared/CrashPage.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import { notFoundRoute, type RouteHandle } from '../shared/routing.ts';
import { systemRoutes } from './system/routes.tsx';

/**
 * The portal's pages: sign-in, sign-up and password recovery for visitors; the launcher and the
 * account centre and the administration pages once signed in (`PortalLayout` sends visitors to
 * sign in first). Each layout loads with its pages: a visitor's first screen has no use for the
 * signed-in frame, nor a signed-in user's for the sign-in one (decision 0051).
 */
export const portalRoutes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: PageLoading,
    errorElement: <RouteError />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layout/SignInLayout.tsx')).SignInLayout }),
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
        lazy: async () => ({ Component: (await import('./PortalLayout.tsx')).PortalLayout }),
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
          { path: '*', lazy: notFoundRoute },
        ],
      },
    ],
  },
];
