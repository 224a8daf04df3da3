import { Alert, Breadcrumb, Divider, Flex, Grid, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { UserMenu } from '../shared/account/UserMenu.tsx';
import { saveLanguage, useAccountLanguage, useUserInfo } from '../shared/auth.ts';
import { fileAddress } from '../shared/files.ts';
import { LanguageSwitch } from '../shared/LanguageSwitch.tsx';
import { PageLoading } from '../shared/PageLoading.tsx';
import { MeridianMark } from '../shared/PlatformMark.tsx';
import { usePermissions } from '../shared/permissions.ts';
import { RequireSession } from '../shared/RequireSession.tsx';
import { useRouteTitle, useScrollToTop } from '../shared/routing.ts';
import { passwordChangeAddress, redirectToSignIn, storedLogo } from '../shared/session.ts';
import { Text } from '../shared/typography.tsx';
import { iotAreas, menuPageOf, menuPages } from './menu.tsx';

/** Device Cloud opens only for a signed-in user: with no session, single sign-on first. */
export function IotLayout() {
  return (
    <RequireSession>
      <IotFrame />
    </RequireSession>
  );
}

/** After sign-out, single sign-on brings the next user back to Device Cloud's home. */
const signInAgain = () => redirectToSignIn(`${window.location.origin}/iot/`);

/** Device Cloud's frame: the area menu on the left, the page on the right, the account at the top. */
function IotFrame() {
  const { t } = useTranslation();
  const user = useUserInfo();
  useAccountLanguage(user.data);
  const mustChangePassword = !!user.data?.defaultPass;
  useEffect(() => {
    if (mustChangePassword) window.location.assign(passwordChangeAddress(window.location.href));
  }, [mustChangePassword]);
  const logo = fileAddress(storedLogo());
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Below the lg breakpoint the menu folds to its icons.
  const [folded, setFolded] = useState(false);
  // A phone: the folded menu and the user menu fill the header, so the trail goes and the margins narrow.
  const narrow = Grid.useBreakpoint().sm === false;
  useRouteTitle('appName');
  useScrollToTop();

  // A page is listed only when the current role may view it: the server refuses the others anyway.
  // An area that has not shipped (no address, no pages) is not listed at all: no item leads nowhere.
  // A neutral member's customers are not offered the platform's neutral operation.
  const { can } = usePermissions();
  const items: MenuProps['items'] = iotAreas
    .filter((area) => !(area.key === 'neutral' && user.data?.brandCustomer))
    .map((area) =>
      area.pages ? { ...area, pages: area.pages.filter((page) => can({ path: page.need, code: 'view' })) } : area,
    )
    .filter((area) => area.path || (area.pages && area.pages.length > 0))
    .map((area) =>
      area.pages
        ? {
            key: area.key,
            icon: area.icon,
            label: t(`menu.${area.key}.title`),
            children: area.pages.map((page) => ({
              key: `${area.key}.${page.key}`,
              label: t(`menu.${area.key}.${page.key}`),
            })),
          }
        : { key: area.key, icon: area.icon, label: t(`menu.${area.key}`) },
    );
  const current = menuPageOf(pathname);
  const areaOpen = current && current.menuKey !== current.area ? current.area : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(areaOpen ? [areaOpen] : []);
  // Arriving at a page of a closed area (a link, the address bar) opens that area.
  useEffect(() => {
    if (areaOpen) setOpenKeys((keys) => (keys.includes(areaOpen) ? keys : [...keys, areaOpen]));
  }, [areaOpen]);
  const crumbs = current
    ? current.menuKey === current.area
      ? [{ title: t(`menu.${current.area}`) }]
      : [{ title: t(`menu.${current.area}.title`) }, { title: t(`menu.${current.menuKey}`) }]
    : [];

  return (
    <Layout data-testid="iot-layout" style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={224}
        breakpoint="lg"
        collapsedWidth={64}
        collapsed={folded}
        onBreakpoint={setFolded}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Flex align="center" gap={10} style={{ height: 56, padding: '0 19px' }}>
          <MeridianMark size={26} />
          {!folded && (
            <Text strong style={{ color: '#fff', fontSize: 16, whiteSpace: 'nowrap' }}>
              {t('appName')}
            </Text>
          )}
        </Flex>
        <Menu
          theme="dark"
          mode="inline"
          data-testid="iot-menu"
          items={items}
          selectedKeys={current ? [current.menuKey] : []}
          {...(folded ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => {
            const path = menuPages.find((page) => page.menuKey === key)?.path;
            if (path) navigate(path);
          }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ borderBottom: '1px solid #e8ecf3' }}>
          <Flex align="center" justify="space-between" style={{ height: '100%' }}>
            <Flex align="center">
              {logo && (
                <>
                  <img
                    src={logo}
                    alt={t('unitLogo')}
                    data-testid="unit-logo"
                    style={{ height: 32, maxWidth: 120, objectFit: 'contain' }}
                  />
                  <Divider orientation="vertical" />
                </>
              )}
              {!narrow && <Breadcrumb items={[{ title: t('appName') }, ...crumbs]} />}
            </Flex>
            <Flex align="center" gap={20}>
              <LanguageSwitch onChanged={saveLanguage} />
              {user.data && (
                <UserMenu
                  user={user.data}
                  onAccountCenter={() => window.location.assign('/accountCenter')}
                  onSignedOut={signInAgain}
                />
              )}
            </Flex>
          </Flex>
        </Layout.Header>
        {user.data?.runAsBy && (
          <Alert banner type="warning" title={t('common:account.runAs', { name: user.data.nickname })} />
        )}
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          {user.data && !mustChangePassword ? <Outlet /> : <PageLoading />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
