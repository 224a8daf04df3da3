import { Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useOutletContext } from 'react-router';
import { saveLanguage, type UserInfo } from '../../shared/auth.ts';
import { LanguageSwitch } from '../../shared/LanguageSwitch.tsx';
import { MeridianMark } from '../../shared/PlatformMark.tsx';
import { AccountMenu } from '../shell/AccountMenu.tsx';

/** Mind's frame around the shared account center: the app's name, the language and the account menu. */
export function AccountCenterFrame() {
  const { t } = useTranslation();
  const user = useOutletContext<UserInfo>();
  return (
    <Layout data-testid="mind-account-frame" style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ borderBottom: '1px solid #e8ecf3', paddingInline: 24 }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Link to="/data/home">
            <Flex align="center" gap={10}>
              <MeridianMark size={26} />
              <Typography.Text strong style={{ fontSize: 17 }}>
                {t('appName')}
              </Typography.Text>
            </Flex>
          </Link>
          <Flex align="center" gap={20}>
            <LanguageSwitch onChanged={saveLanguage} />
            <AccountMenu user={user} />
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout.Content>
        <Outlet context={user} />
      </Layout.Content>
    </Layout>
  );
}
