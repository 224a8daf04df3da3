import { AppstoreOutlined, ClusterOutlined, HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Paragraph, Text } from '../../shared/typography.tsx';
import type { MenuApp } from './api.ts';

const looks: Record<string, { icon: ReactNode; color: string; tint: string }> = {
  iot: { icon: <ClusterOutlined />, color: '#2f6bd8', tint: '#e8f0fd' },
  mind: { icon: <HeartOutlined />, color: '#13a8a8', tint: '#e6f7f6' },
};
const palette = [
  { color: '#7a5af8', tint: '#f0ecfe' },
  { color: '#e8833a', tint: '#fdf1e7' },
  { color: '#2e9d5b', tint: '#e8f6ee' },
  { color: '#d6455d', tint: '#fbe9ec' },
];

function lookOf(app: MenuApp) {
  const known = looks[app.appCode];
  if (known) return known;
  const { color, tint } = palette[app.appId % palette.length] ?? palette[0];
  return { icon: <AppstoreOutlined />, color, tint };
}

/** Whether an address leaves this site (it then opens in a new tab). */
export function isExternal(address: string): boolean {
  try {
    return new URL(address, window.location.origin).origin !== window.location.origin;
  } catch {
    return false;
  }
}

interface AppTileProps {
  app: MenuApp;
  favourite: boolean;
  onToggleFavourite(app: MenuApp): void;
  saving: boolean;
}

/** One app on the launcher: it opens its published address; the star pins it to the favourites. */
export function AppTile({ app, favourite, onToggleFavourite, saving }: AppTileProps) {
  const { t } = useTranslation();
  const look = lookOf(app);
  const external = isExternal(app.publishUrl);
  const known = app.appCode === 'iot' || app.appCode === 'mind';
  const description = known ? t(`apps.${app.appCode}.description`) : t('launcher.opens', { address: app.publishUrl });
  const starLabel = favourite ? t('launcher.unfavourite') : t('launcher.favourite');
  return (
    <Card
      hoverable
      data-testid={`app-${app.appCode}`}
      style={{ height: '100%' }}
      styles={{ body: { padding: 0, height: '100%' } }}
    >
      <Flex style={{ height: '100%' }}>
        <a
          href={app.publishUrl}
          target={external ? '_blank' : undefined}
          rel={external ? 'noopener noreferrer' : undefined}
          style={{ flex: 1, minWidth: 0, padding: '20px 4px 20px 20px', color: 'inherit' }}
        >
          <Flex gap={14} align="flex-start">
            <Flex
              align="center"
              justify="center"
              style={{
                flex: 'none',
                width: 46,
                height: 46,
                borderRadius: 12,
                fontSize: 22,
                color: look.color,
                background: look.tint,
              }}
            >
              {look.icon}
            </Flex>
            <Flex vertical gap={4} style={{ minWidth: 0 }}>
              <Text strong style={{ fontSize: 15 }} ellipsis>
                {app.appName}
              </Text>
              <Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }} ellipsis={{ rows: 2 }}>
                {description}
              </Paragraph>
            </Flex>
          </Flex>
        </a>
        <div style={{ padding: '12px 12px 0 0' }}>
          <Tooltip title={starLabel}>
            <Button
              type="text"
              size="small"
              aria-label={starLabel}
              aria-pressed={favourite}
              data-testid={`favourite-${app.appCode}`}
              disabled={saving}
              icon={
                favourite ? <StarFilled style={{ color: '#f5a623' }} /> : <StarOutlined style={{ color: '#b3bccb' }} />
              }
              onClick={() => onToggleFavourite(app)}
            />
          </Tooltip>
        </div>
      </Flex>
    </Card>
  );
}
