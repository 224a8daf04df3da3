import { AuditOutlined, SafetyCertificateOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Flex, Grid, Menu, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useMatches, useNavigate } from 'react-router';
import { PageLoading } from '../../shared/PageLoading.tsx';
import { pageWidth } from '../layout/pageWidth.ts';
import { useSignedInUser } from '../signedInUser.ts';
import { SYSTEM_PAGES, type SystemPageKey, usePermissions } from './access.ts';
import { NoPermission } from './NoPermission.tsx';
import { peopleIcons } from './people/icons.tsx';

const icons: Record<SystemPageKey, ReactNode> = {
  users: <TeamOutlined />,
  review: <UserAddOutlined />,
  roles: <SafetyCertificateOutlined />,
  audit: <AuditOutlined />,
  ...peopleIcons,
};

/** What an administration route says about itself: which page of `SYSTEM_PAGES` it is. */
export interface SystemHandle {
  title: string;
  systemPage: SystemPageKey;
}

function pageKeyOf(handle: unknown): SystemPageKey | undefined {
  if (typeof handle !== 'object' || handle === null || !('systemPage' in handle)) return undefined;
  return SYSTEM_PAGES.find((page) => page.key === handle.systemPage)?.key;
}

/**
 * The administration area: a menu of the pages the current role grants beside the page. A page
 * the role lacks answers "no permission" in place, whether it was typed or linked.
 */
export function SystemLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const permissions = usePermissions();
  const wide = Grid.useBreakpoint().md ?? true;
  const current = useMatches()
    .map((match) => pageKeyOf(match.handle))
    .findLast(Boolean);

  // A default password is changed before anything else, here as on the launcher.
  if (user.defaultPass) return <Navigate to="/accountCenter?tab=password" replace />;

  const granted = SYSTEM_PAGES.filter((page) => permissions.can(page.need));
  const page = SYSTEM_PAGES.find((entry) => entry.key === current);
  let content: ReactNode;
  if (permissions.isPending) content = <PageLoading />;
  else if (permissions.isError)
    content = (
      <Result
        status="warning"
        title={t('system.permissionsFailed')}
        extra={
          <Button onClick={() => permissions.refetch()} loading={permissions.isFetching}>
            {t('system.retry')}
          </Button>
        }
      />
    );
  else if (granted.length === 0 || (page && !permissions.can(page.need))) content = <NoPermission />;
  else content = <Outlet context={user} />;

  const showMenu = !permissions.isPending && granted.length > 0;
  return (
    <div data-testid="system" style={{ ...pageWidth, paddingTop: 16, paddingBottom: 40 }}>
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[
          { title: <Link to="/">{t('route.home')}</Link> },
          { title: t('system.title') },
          ...(page ? [{ title: t(`system.route.${page.key}`) }] : []),
        ]}
      />
      <Flex vertical={!wide} gap={16} align={wide ? 'flex-start' : 'stretch'}>
        {showMenu && (
          <Card size="small" style={{ width: wide ? 184 : '100%', flex: 'none' }} styles={{ body: { padding: 4 } }}>
            <Menu
              data-testid="system-menu"
              mode={wide ? 'inline' : 'horizontal'}
              selectedKeys={current ? [current] : []}
              style={{ border: 0 }}
              items={granted.map((entry) => ({
                key: entry.key,
                icon: icons[entry.key],
                label: t(`system.menu.${entry.key}`),
              }))}
              onClick={({ key }) => {
                const target = granted.find((entry) => entry.key === key);
                if (target) navigate(target.to);
              }}
            />
          </Card>
        )}
        <div style={{ flex: 1, minWidth: 0 }}>{content}</div>
      </Flex>
    </div>
  );
}

/** `/system` itself: the first page the role grants. */
export function SystemHome() {
  const permissions = usePermissions();
  if (permissions.isPending) return <PageLoading />;
  const first = SYSTEM_PAGES.find((page) => permissions.can(page.need));
  return first ? <Navigate to={first.to} replace /> : <NoPermission />;
}
