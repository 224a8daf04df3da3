import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteFailure } from '../../shared/ErrorBoundary.tsx';

// The admin apps' NotFound and CrashPage (antd's Result) in H5's light shell (decision 0051).

/** An address under `/h5/` that no page answers. */
export function H5NotFound() {
  const { t } = useTranslation('common');
  return (
    <div data-testid="not-found" className="h5-centre">
      <div className="h5-centre-code">404</div>
      <div className="h5-centre-title">{t('notFound.title')}</div>
      <div className="h5-secondary">{t('notFound.description')}</div>
      <Link to="/" className="h5-button h5-button-primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

/** A page that threw, or whose code failed to load: what happened and the one thing to try. */
export function H5Crash() {
  const { t } = useTranslation('common');
  return (
    <div data-testid="crash" className="h5-centre">
      <div className="h5-centre-title">{t('crash.title')}</div>
      <div className="h5-secondary">{t('crash.description')}</div>
      <button type="button" className="h5-button h5-button-primary" onClick={() => window.location.reload()}>
        {t('crash.reload')}
      </button>
    </div>
  );
}

/** The router's error element. */
export function H5RouteError() {
  return useRouteFailure() === 'notFound' ? <H5NotFound /> : <H5Crash />;
}
