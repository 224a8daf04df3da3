import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { brandedAppName } from './brand.ts';

/** What a route declares about itself in its `handle`: `title` is a key of the app's strings. */
export interface RouteHandle {
  title?: string;
}

function titleKeyOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return undefined;
  return typeof handle.title === 'string' ? handle.title : undefined;
}

/** Keeps the document title as "<deepest route title> - <app name>", in the current language. */
export function useRouteTitle(appNameKey: string): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = matches.map((match) => titleKeyOf(match.handle)).findLast(Boolean);
  const appName = brandedAppName(t(appNameKey));
  const pageTitle = titleKey ? t(titleKey) : undefined;
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${appName}` : appName;
  }, [pageTitle, appName]);
}

/** Every navigation to another page starts at its top (Mind spec section 2). */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** The in-app 404 as a lazy route: antd's Result and its illustrations load only when it shows. */
export const notFoundRoute = async () => ({ Component: (await import('./NotFound.tsx')).NotFound });
