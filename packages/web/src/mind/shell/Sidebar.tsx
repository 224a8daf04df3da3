import { AppstoreOutlined, HomeOutlined } from '@ant-design/icons';
import { Flex, Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MeridianMark } from '../../shared/PlatformMark.tsx';
import { readLocal, writeLocal } from '../../shared/storage.ts';
import { Text } from '../../shared/typography.tsx';
import { countOpening, type MenuApp, useMenuGroups } from './api.ts';
import { menuTarget } from './menuLinks.ts';
import { menuPathsOf } from './routeTable.ts';

/** Spec section 2: the collapse state and the active item are remembered in this browser. */
export const COLLAPSED_KEY = 'mind.menu.collapsed';
export const ACTIVE_KEY = 'mind.menu.active';
const HOME_KEY = 'home';
const HOME_PATH = '/data/home';

const appKey = (app: MenuApp) => `app:${app.appId}`;

/** The home item, then the server's menus for Mind grouped by category. */
export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const groups = useMenuGroups();
  const [collapsed, setCollapsed] = useState(() => readLocal(COLLAPSED_KEY) === '1');
  const [active, setActive] = useState(() => readLocal(ACTIVE_KEY) ?? HOME_KEY);

  const apps = (groups.data ?? []).flatMap((group) => group.list);
  const routeOf = (app: MenuApp) => {
    const target = menuTarget(app.publishUrl, app.appId, window.location.origin);
    return target.kind === 'route' ? target.to : null;
  };
  // The page on screen wins over the remembered item (a detail page lights the list it belongs
  // to); a page no item opens keeps the last one lit.
  const lit = menuPathsOf(pathname)
    .map((path) => apps.find((app) => routeOf(app) === path))
    .find((app) => app !== undefined);
  const here = pathname === HOME_PATH ? HOME_KEY : lit;
  const selected = here === undefined ? active : typeof here === 'string' ? here : appKey(here);

  const items: MenuProps['items'] = [
    { key: HOME_KEY, icon: <HomeOutlined />, label: t('shell.home') },
    ...(groups.data ?? []).map((group) => ({
      key: `group:${group.code}`,
      icon: <AppstoreOutlined />,
      label: group.name,
      children: group.list.map((app) => ({ key: appKey(app), label: app.appName })),
    })),
  ];

  const open = (key: string) => {
    setActive(key);
    writeLocal(ACTIVE_KEY, key);
    if (key === HOME_KEY) {
      navigate(HOME_PATH);
      return;
    }
    const app = apps.find((candidate) => appKey(candidate) === key);
    if (!app) return;
    countOpening(app.appId);
    const target = menuTarget(app.publishUrl, app.appId, window.location.origin);
    if (target.kind === 'route') navigate(target.to);
    else window.open(target.url, '_blank');
  };

  // The reader's own fold is remembered; a narrow screen (below lg, a phone) folds the menu to
  // its icons without changing what is remembered, and a wide one restores it.
  const fold = (next: boolean, type: 'clickTrigger' | 'responsive') => {
    if (type === 'clickTrigger') {
      setCollapsed(next);
      writeLocal(COLLAPSED_KEY, next ? '1' : '0');
    } else setCollapsed(next || readLocal(COLLAPSED_KEY) === '1');
  };

  return (
    <Layout.Sider
      data-testid="mind-sidebar"
      data-collapsed={collapsed}
      width={232}
      collapsedWidth={64}
      collapsible
      breakpoint="lg"
      collapsed={collapsed}
      onCollapse={fold}
      style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
    >
      <Flex align="center" gap={10} style={{ height: 56, padding: '0 19px' }}>
        <MeridianMark size={26} />
        {!collapsed && (
          <Text strong style={{ color: '#fff', fontSize: 15, whiteSpace: 'nowrap' }}>
            {t('appName')}
          </Text>
        )}
      </Flex>
      <Menu
        theme="dark"
        mode="inline"
        aria-label={t('shell.menu')}
        items={items}
        selectedKeys={[selected]}
        defaultOpenKeys={(groups.data ?? []).map((group) => `group:${group.code}`)}
        key={groups.data ? 'loaded' : 'loading'}
        onClick={({ key }) => open(key)}
        // The collapse trigger sits over the sider's foot: the last item must scroll clear of it.
        style={{ paddingBottom: 48 }}
      />
    </Layout.Sider>
  );
}
