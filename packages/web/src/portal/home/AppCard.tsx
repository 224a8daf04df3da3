import { ArrowRightOutlined, ClusterOutlined, HeartOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type LaunchableApp = 'iot' | 'mind';

const looks: Record<LaunchableApp, { icon: ReactNode; color: string; tint: string; features: string[] }> = {
  iot: {
    icon: <ClusterOutlined />,
    color: '#2f6bd8',
    tint: '#e8f0fd',
    features: ['access', 'live', 'alarms', 'tasks', 'scada'],
  },
  mind: {
    icon: <HeartOutlined />,
    color: '#13a8a8',
    tint: '#e6f7f6',
    features: ['scales', 'warnings', 'archives', 'dashboards', 'docking'],
  },
};

/** One app on the launcher; opening it is a full page load, since each app is its own entry. */
export function AppCard({ app, href }: { app: LaunchableApp; href: string }) {
  const { t } = useTranslation();
  const look = looks[app];
  const name = t(`apps.${app}.name`);
  return (
    <Card data-testid={`app-card-${app}`} hoverable style={{ height: '100%' }} styles={{ body: { padding: 28 } }}>
      <Flex vertical gap={16} style={{ height: '100%' }}>
        <Flex align="center" gap={14}>
          <Flex
            align="center"
            justify="center"
            style={{ width: 48, height: 48, borderRadius: 12, background: look.tint, color: look.color, fontSize: 24 }}
          >
            {look.icon}
          </Flex>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name}
          </Typography.Title>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: 0, minHeight: 44 }}>
          {t(`apps.${app}.description`)}
        </Typography.Paragraph>
        <Flex wrap gap={8}>
          {look.features.map((feature) => (
            <Tag key={feature} variant="filled" color={app === 'iot' ? 'blue' : 'cyan'}>
              {t(`apps.${app}.features.${feature}`)}
            </Tag>
          ))}
        </Flex>
        <div>
          <Button type="primary" href={href} icon={<ArrowRightOutlined />} iconPlacement="end">
            {t('home.open', { name })}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
