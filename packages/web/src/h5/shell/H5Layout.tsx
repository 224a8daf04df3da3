import './h5.css';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { signOut } from '../../shared/auth.ts';
import { MeridianMark } from '../../shared/PlatformMark.tsx';
import { useRouteTitle, useScrollToTop } from '../../shared/routing.ts';
import { getToken } from '../../shared/session.ts';
import { LanguageToggle } from './LanguageToggle.tsx';

/** A phone-width column with a sticky top bar; wider screens see the same column centred. */
export function H5Layout() {
  const { t } = useTranslation();
  useRouteTitle('appName');
  useScrollToTop();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signedIn = getToken() !== null && pathname !== '/login';
  return (
    <div className="h5-shell">
      <header className="h5-header">
        <div className="h5-header-side">
          <MeridianMark size={24} />
          <span className="h5-product">{t('product')}</span>
        </div>
        <div className="h5-header-side">
          <LanguageToggle />
          {signedIn && (
            <button
              type="button"
              className="h5-button h5-button-text"
              data-testid="h5-sign-out"
              onClick={async () => {
                await signOut();
                navigate('/login', { replace: true });
              }}
            >
              {t('login.signOut')}
            </button>
          )}
        </div>
      </header>
      <main className="h5-main">
        <Outlet />
      </main>
    </div>
  );
}
