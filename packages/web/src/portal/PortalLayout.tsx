import { Divider, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { UserMenu } from '../shared/account/UserMenu.tsx';
import { saveLanguage, useAccountLanguage, useUserInfo } from '../shared/auth.ts';
import { LanguageSwitch } from '../shared/LanguageSwitch.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import { MeridianMark } from '../shared/PlatformMark.tsx';
import { useRouteTitle, useScrollToTop } from '../shared/routing.ts';
import { getToken } from '../shared/session.ts';
import { Text } from '../shared/typography.tsx';
import { pageWidth } from './layout/pageWidth.ts';
import { RunAsBanner, useAdministrationEntry, useAfterSignOut } from './system/entry.tsx';

/**
 * The frame of the signed-in portal: the launcher and the account centre. Without a session the
 * visitor goes to sign in and comes back here.
 */
export function PortalLayout() {
  const { pathname, search } = useLocation();
  if (!getToken()) {
    const here = `${pathname}${search}`;
    return <Navigate to={here === '/' ? '/login' : `/login?target=${encodeURIComponent(here)}`} replace />;
  }
  return <SignedInFrame />;
}

function SignedInFrame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const administration = useAdministrationEntry();
  const afterSignOut = useAfterSignOut(user.data);
  useAccountLanguage(user.data);
  useRouteTitle('appName');
  useScrollToTop();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ padding: 0, borderBottom: '1px solid #e8ecf3', position: 'sticky', top: 0, zIndex: 20 }}>
        <Flex align="center" justify="space-between" style={pageWidth}>
          <Link to="/" aria-label={t('route.home')}>
            <Flex align="center" gap={10}>
              <MeridianMark />
              <Text strong style={{ fontSize: 18 }}>
                {t('product')}
              </Text>
              <Divider orientation="vertical" />
              <Text type="secondary">{t('portal')}</Text>
            </Flex>
          </Link>
          <Flex align="center" gap={20}>
            <LanguageSwitch onChanged={saveLanguage} />
            {user.data && (
              <UserMenu
                user={user.data}
                onAccountCenter={() => navigate('/accountCenter')}
                onSignedOut={afterSignOut}
                administration={administration}
              />
            )}
          </Flex>
        </Flex>
      </Layout.Header>
      {user.data?.runAsBy && <RunAsBanner user={user.data} />}
      <Layout.Content>{user.data ? <Outlet context={user.data} /> : <PageLoading />}</Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', color: '#8a94a6', background: 'transparent' }}>
        {t('footer', { year: new Date().getFullYear() })}
      </Layout.Footer>
    </Layout>
  );
}
