import { Flex, Grid, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { currentBrand } from '../../shared/brand.ts';
import { LanguageSwitch } from '../../shared/LanguageSwitch.tsx';
import { MeridianMark } from '../../shared/PlatformMark.tsx';
import { useRouteTitle, useScrollToTop } from '../../shared/routing.ts';
import { Text } from '../../shared/typography.tsx';
import { BrandPanel } from './BrandPanel.tsx';
import { SystemStatus } from './SystemStatus.tsx';

/** The frame of the pages a visitor sees before signing in: the brand on the left, the form on the right. */
export function SignInLayout() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? true;
  useRouteTitle('appName');
  useScrollToTop();
  return (
    <Layout style={{ minHeight: '100vh', flexDirection: 'row' }}>
      {wide && <BrandPanel />}
      <Flex vertical style={{ flex: 1, minWidth: 0, background: '#fff' }}>
        <Flex align="center" justify={wide ? 'flex-end' : 'space-between'} style={{ padding: '16px 24px' }}>
          {!wide && (
            <Flex align="center" gap={8}>
              <MeridianMark size={26} />
              <Text strong style={{ fontSize: 16 }}>
                {t('appName')}
              </Text>
            </Flex>
          )}
          <LanguageSwitch />
        </Flex>
        <Flex
          flex={1}
          justify="center"
          align={wide ? 'center' : 'flex-start'}
          style={{ padding: wide ? 24 : '8px 20px 24px' }}
        >
          <div style={{ width: '100%', maxWidth: 400 }}>
            <Outlet />
          </div>
        </Flex>
        <Flex vertical align="center" gap={4} style={{ padding: '16px 24px 20px' }}>
          <SystemStatus />
          <Text type="secondary" style={{ fontSize: 12 }}>
            {t('footer', { year: new Date().getFullYear() })}
          </Text>
          {currentBrand()?.icp ? (
            <Text type="secondary" style={{ fontSize: 12 }} data-testid="brand-icp">
              {currentBrand()?.icp}
            </Text>
          ) : null}
        </Flex>
      </Flex>
    </Layout>
  );
}
