import {
  AlertOutlined,
  BarChartOutlined,
  CloudSyncOutlined,
  FileTextOutlined,
  FormOutlined,
  SafetyCertificateOutlined,
  SmileOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card, Col, Empty, Flex, Row, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Paragraph, Text, Title } from '../../shared/typography.tsx';
import { Permission } from '../access/Permission.tsx';

/** The permission code of the home page's to-do list. */
export const TODO_CODE = 'todo';

const areas: { key: string; icon: ReactNode; color: string }[] = [
  { key: 'scales', icon: <FormOutlined />, color: '#2f6bd8' },
  { key: 'warnings', icon: <AlertOutlined />, color: '#e8590c' },
  { key: 'security', icon: <SafetyCertificateOutlined />, color: '#c92a2a' },
  { key: 'emotion', icon: <SmileOutlined />, color: '#d4a106' },
  { key: 'groups', icon: <TeamOutlined />, color: '#7048e8' },
  { key: 'archives', icon: <FileTextOutlined />, color: '#13a8a8' },
  { key: 'dashboards', icon: <BarChartOutlined />, color: '#1971c2' },
  { key: 'docking', icon: <CloudSyncOutlined />, color: '#5c7080' },
];

/** Mind's home (`/data/home`): what the platform covers, and the teacher's to-do list. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div data-testid="mind-home">
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Card
            style={{ height: '100%', background: 'linear-gradient(120deg, #e4edfc 0%, #e3f5f3 100%)' }}
            styles={{ body: { padding: 32 } }}
          >
            <Title level={3} style={{ marginTop: 0, marginBottom: 8 }}>
              {t('home.heading')}
            </Title>
            <Paragraph type="secondary" style={{ margin: 0, fontSize: 15 }}>
              {t('home.intro')}
            </Paragraph>
          </Card>
        </Col>
        <Permission code={TODO_CODE}>
          <Col xs={24} lg={8}>
            <Card data-testid="mind-todo" title={t('home.todoTitle')} style={{ height: '100%' }}>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noTodo')} style={{ margin: 0 }} />
            </Card>
          </Col>
        </Permission>
        <Col span={24}>
          <Card title={t('home.areasTitle')} extra={<Tag color="blue">{t('comingSoon')}</Tag>}>
            <Row gutter={[16, 16]}>
              {areas.map((area) => (
                <Col key={area.key} xs={24} sm={12} xl={6}>
                  <AreaTile area={area} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function AreaTile({ area }: { area: (typeof areas)[number] }) {
  const { t } = useTranslation();
  return (
    <Flex gap={14} style={{ height: '100%', padding: 18, borderRadius: 8, border: '1px solid #edf0f5' }}>
      <Flex
        align="center"
        justify="center"
        style={{
          flex: 'none',
          width: 40,
          height: 40,
          borderRadius: 10,
          fontSize: 20,
          color: area.color,
          background: `${area.color}14`,
        }}
      >
        {area.icon}
      </Flex>
      <Flex vertical gap={4}>
        <Text strong>{t(`home.areas.${area.key}.name`)}</Text>
        <Text type="secondary" style={{ fontSize: 13 }}>
          {t(`home.areas.${area.key}.description`)}
        </Text>
      </Flex>
    </Flex>
  );
}
