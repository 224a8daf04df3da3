import { Alert, Flex, Layout } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import { saveLanguage, type UserInfo } from '../../shared/auth.ts';
import { LanguageSwitch } from '../../shared/LanguageSwitch.tsx';
import { Title } from '../../shared/typography.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { useAdminFlag } from './api.ts';
import { routeName } from './routeTable.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopTabs } from './TopTabs.tsx';
import { useTitleKey } from './title.ts';
import { Watermark } from './Watermark.tsx';

/** Where the admin check's answer is kept for the pages that read it. */
export const ADMIN_FLAG_KEY = 'isAdmin';

/**
 * The layout route `/data` (spec section 2): the sidebar of menus, a header with the page's title
 * and the account menu, the route group's tabs, and the nickname's watermark over the page.
 */
export function DataLayout() {
  const { t } = useTranslation();
  const user = useOutletContext<UserInfo>();
  const titleKey = useTitleKey();
  const { pathname } = useLocation();
  const route = routeName(pathname.replace(/^\/data\/?/, ''));
  // Spec section 6: the admin check sets a flag for the pages that read it.
  const admin = useAdminFlag();
  useEffect(() => {
    if (admin.data !== undefined) globalThis.sessionStorage?.setItem(ADMIN_FLAG_KEY, String(admin.data));
  }, [admin.data]);
  return (
    <Layout data-testid="mind-layout" style={{ minHeight: '100vh' }}>
      <Sidebar />
      <Layout>
        <Layout.Header
          style={{ borderBottom: '1px solid #e8ecf3', position: 'sticky', top: 0, zIndex: 10, paddingInline: 24 }}
        >
          <Flex align="center" justify="space-between" style={{ height: '100%' }}>
            <Title level={4} style={{ margin: 0 }} data-testid="mind-title">
              {titleKey ? t(titleKey) : t('appName')}
            </Title>
            <Flex align="center" gap={20}>
              <LanguageSwitch onChanged={saveLanguage} />
              <AccountMenu user={user} />
            </Flex>
          </Flex>
        </Layout.Header>
        {user.runAsBy && <Alert banner type="warning" title={t('common:account.runAs', { name: user.nickname })} />}
        <div style={{ background: '#fff', paddingInline: 24 }}>
          <TopTabs route={route} />
        </div>
        <Layout.Content data-testid="mind-main" style={{ position: 'relative', padding: 24 }}>
          <Outlet context={user} />
          <Watermark text={user.nickname} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
