import { Divider, Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../shared/LanguageSwitch.tsx';
import { MeridianMark } from '../shared/MeridianMark.tsx';
import { useRouteTitle, useScrollToTop } from '../shared/routing.ts';

/** The portal's one column, shared by the header and the pages so that their edges line up. */
export const pageWidth = { height: '100%', maxWidth: 1120, margin: '0 auto', padding: '0 24px' } as const;

export function PortalLayout() {
  const { t } = useTranslation();
  useRouteTitle('appName');
  useScrollToTop();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ padding: 0, borderBottom: '1px solid #e8ecf3' }}>
        <Flex align="center" justify="space-between" style={pageWidth}>
          <Flex align="center" gap={10}>
            <MeridianMark />
            <Typography.Text strong style={{ fontSize: 18 }}>
              {t('product')}
            </Typography.Text>
            <Divider orientation="vertical" />
            <Typography.Text type="secondary">{t('portal')}</Typography.Text>
          </Flex>
          <LanguageSwitch />
        </Flex>
      </Layout.Header>
      <Layout.Content>
        <Outlet />
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', color: '#8a94a6' }}>
        {t('footer', { year: new Date().getFullYear() })}
      </Layout.Footer>
    </Layout>
  );
}
