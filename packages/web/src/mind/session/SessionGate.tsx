import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAccountLanguage, useUserInfo } from '../../shared/auth.ts';
import { Outcome } from '../../shared/Outcome.tsx';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { getToken, redirectToSignIn } from '../../shared/session.ts';
import { sessionDetour } from './identityRules.ts';

/**
 * Session start (spec section 4) for every Mind page but the open ones: no token, single sign-on
 * first; once the user is known, students and parents are refused, a default password is changed
 * first, and an account not yet bound stays in the account center. The pages below read the user
 * from the outlet context.
 */
export function SessionGate() {
  const token = getToken();
  useEffect(() => {
    if (!token) redirectToSignIn();
  }, [token]);
  return token ? <KnownUser /> : <PageLoading />;
}

function KnownUser() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useUserInfo();
  useAccountLanguage(user.data);
  if (user.isError) {
    return (
      <Outcome
        status="warning"
        title={t('session.failed')}
        extra={<Button onClick={() => void user.refetch()}>{t('session.retry')}</Button>}
      />
    );
  }
  if (!user.data) return <PageLoading />;
  const detour = sessionDetour(user.data, pathname);
  if (detour === 'noPermission') return <Navigate to="/noPermission" replace />;
  if (detour === 'changePassword') {
    // Back to where they were going once the password is changed.
    const target = encodeURIComponent(window.location.href);
    return <Navigate to={`/accountCenter?tab=password&target=${target}`} replace />;
  }
  if (detour === 'accountCenter') return <Navigate to="/accountCenter" replace />;
  return <Outlet context={user.data} />;
}
