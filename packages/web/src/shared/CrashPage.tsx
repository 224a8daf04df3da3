import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteFailure } from './ErrorBoundary.tsx';
import { Outcome } from './Outcome.tsx';
import { PageLoading } from './PageLoading.tsx';

// The 404 loads when shown; the crash page is always at hand, since a page's code that failed to
// load (the network, a new release) is what it mostly reports.
const NotFound = lazy(async () => ({ default: (await import('./NotFound.tsx')).NotFound }));

/** What the user sees instead of a page that threw: what happened and the one thing to try. */
export function CrashPage() {
  const { t } = useTranslation('common');
  return (
    <Outcome
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

/** The router's error element: the crash page, or the 404 for an unmatched address. */
export function RouteError() {
  if (useRouteFailure() === 'crashed') return <CrashPage />;
  return (
    <Suspense fallback={<PageLoading />}>
      <NotFound />
    </Suspense>
  );
}
