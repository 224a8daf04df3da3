import { AppstoreOutlined } from '@ant-design/icons';
import type { HomeSummary } from '@meridian/contracts';
import { Card, Col, Empty, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Text } from '../../shared/typography.tsx';
import { countOpening, type MenuApp, useMenuGroups } from '../shell/api.ts';
import { menuTarget } from '../shell/menuLinks.ts';

const SHORTCUTS = 8;

/** The caller's sidebar items, the ones they open most first, then in the sidebar's order. */
export function shortcutsOf(apps: MenuApp[], usage: HomeSummary['usage']): MenuApp[] {
  const clicks = new Map(usage.map((u) => [u.appId, u.clicks]));
  return apps
    .map((app, order) => ({ app, order, clicks: clicks.get(app.appId) ?? 0 }))
    .sort((a, b) => b.clicks - a.clicks || a.order - b.order)
    .slice(0, SHORTCUTS)
    .map((s) => s.app);
}

/** Shortcuts to what the role uses most: the sidebar's own items, so that each opens a working page. */
export function Shortcuts({ usage }: { usage: HomeSummary['usage'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useMenuGroups();
  const apps = shortcutsOf(
    (groups.data ?? []).flatMap((g) => g.list),
    usage,
  );
  const open = (app: MenuApp) => {
    countOpening(app.appId);
    const target = menuTarget(app.publishUrl, app.appId, window.location.origin);
    if (target.kind === 'route') navigate(target.to);
    else window.open(target.url, '_blank');
  };
  return (
    <Card data-testid="home-shortcuts" title={t('home.shortcutsTitle')}>
      {apps.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noShortcuts')} style={{ margin: 0 }} />
      ) : (
        <Row gutter={[12, 12]}>
          {apps.map((app) => (
            <Col key={app.appId} xs={12} md={6} xl={3}>
              <Flex
                role="link"
                tabIndex={0}
                vertical
                align="center"
                gap={8}
                data-testid="home-shortcut"
                onClick={() => open(app)}
                onKeyDown={(event) => event.key === 'Enter' && open(app)}
                style={{ padding: '14px 8px', borderRadius: 8, border: '1px solid #edf0f5', cursor: 'pointer' }}
              >
                <AppstoreOutlined style={{ fontSize: 22, color: '#2f6bd8' }} />
                <Text style={{ textAlign: 'center', fontSize: 13 }}>{app.appName}</Text>
              </Flex>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
