import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from './NotFound.tsx';

/** What the user sees instead of a page that threw: what happened and the one thing to try. */
export function CrashPage() {
  const { t } = useTranslation('common');
  return (
    <Result
      data-testid="crash"
      status="error"
      title={t('crash.title')}
      subTitle={t('crash.description')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </Button>
      }
    />
  );
}

/** Catches render errors outside the router (providers, layouts before the router mounts). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The page crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.crashed ? <CrashPage /> : this.props.children;
  }
}

/**
 * The router's error element: a route that threw while rendering or whose code failed to load
 * (an old tab after a new release) shows the crash page; an unmatched address shows the 404.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error('A route failed', error);
  }, [error, notFound]);
  return notFound ? <NotFound /> : <CrashPage />;
}
