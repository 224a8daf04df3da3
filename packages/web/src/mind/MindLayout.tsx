import { Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../shared/LanguageSwitch.tsx';
import { MeridianMark } from '../shared/MeridianMark.tsx';
import { useRouteTitle, useScrollToTop } from '../shared/routing.ts';

/** Mind's frame for now: its name and the language; the sidebar of server menus comes with the shell. */
export function MindLayout() {
  const { t } = useTranslation();
  useRouteTitle('appName');
  useScrollToTop();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ borderBottom: '1px solid #e8ecf3', position: 'sticky', top: 0, zIndex: 10 }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Flex align="center" gap={10}>
            <MeridianMark size={26} />
            <Typography.Text strong style={{ fontSize: 17 }}>
              {t('appName')}
            </Typography.Text>
          </Flex>
          <LanguageSwitch />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
