import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { signOut } from '../shared/auth.ts';
import { LanguageSwitch } from '../shared/LanguageSwitch.tsx';
import { MeridianMark } from '../shared/MeridianMark.tsx';
import { useRouteTitle, useScrollToTop } from '../shared/routing.ts';
import { getToken } from '../shared/session.ts';

/** A phone-width column with a sticky top bar; wider screens see the same column centred. */
export function H5Layout() {
  const { t } = useTranslation();
  useRouteTitle('appName');
  useScrollToTop();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signedIn = getToken() !== null && pathname !== '/login';
  return (
    <div style={{ minHeight: '100vh', maxWidth: 560, margin: '0 auto', background: '#f3f5f9' }}>
      <Flex
        component="header"
        align="center"
        justify="space-between"
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          minHeight: 56,
          padding: 'env(safe-area-inset-top) 16px 0',
          background: '#fff',
          borderBottom: '1px solid #e8ecf3',
        }}
      >
        <Flex align="center" gap={8}>
          <MeridianMark size={24} />
          <Typography.Text strong style={{ fontSize: 16 }}>
            {t('product')}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap={4}>
          <LanguageSwitch size="middle" />
          {signedIn && (
            <Button
              type="text"
              data-testid="h5-sign-out"
              onClick={async () => {
                await signOut();
                navigate('/login', { replace: true });
              }}
            >
              {t('login.signOut')}
            </Button>
          )}
        </Flex>
      </Flex>
      <main style={{ padding: '20px 16px calc(24px + env(safe-area-inset-bottom))' }}>
        <Outlet />
      </main>
    </div>
  );
}
