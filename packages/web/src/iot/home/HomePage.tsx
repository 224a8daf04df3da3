import { PlusOutlined } from '@ant-design/icons';
import type { StatusCounts } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../shared/permissions.ts';
import { get } from '../../shared/request.ts';
import { Paragraph, Text, Title } from '../../shared/typography.tsx';
import { STATUS_COLOURS } from '../devices/statusColours.ts';

const stepKeys = ['add', 'template', 'alarm', 'watch'];

/** Device Cloud's first page: how to connect a device, and the way to the device list. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The counts are a welcome, not the page's purpose: without them (no device rights) the empty state stays.
  const { can, isSuccess: grantsKnown } = usePermissions();
  const overview = useQuery({
    queryKey: ['iot', 'devices', 'overview'],
    queryFn: ({ signal }) => get<{ devices: StatusCounts }>('iot/overview', { signal }),
    meta: { silentError: true },
    // Asked only of a role that may see it, so that another role's home page raises no refusal.
    enabled: grantsKnown && can({ path: '/iot/home', code: 'view' }),
  });
  const counts = overview.data?.devices;
  return (
    <div data-testid="iot-home">
      <Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {t('home.heading')}
      </Title>
      <Paragraph type="secondary" style={{ marginBottom: 24 }}>
        {t('home.intro')}
      </Paragraph>
      <Row gutter={[24, 24]}>
        <Col span={24}>
          <Card title={t('home.stepsTitle')}>
            <Steps
              current={0}
              items={stepKeys.map((key) => ({
                title: t(`home.steps.${key}.title`),
                content: t(`home.steps.${key}.content`),
              }))}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card
            title={t('home.devicesTitle')}
            extra={
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/devices')}>
                {t('home.addDevice')}
              </Button>
            }
          >
            {counts && counts.total > 0 ? (
              <Flex gap={48} wrap data-testid="home-counts" style={{ padding: '8px 0' }}>
                <Statistic title={t('overview.total')} value={counts.total} />
                {(['online', 'offline', 'alarm', 'fault'] as const).map((status) => (
                  <Statistic
                    key={status}
                    title={t(`devices.status.${status}`)}
                    value={counts[status]}
                    styles={{ content: { color: STATUS_COLOURS[status] } }}
                  />
                ))}
              </Flex>
            ) : (
              <Empty
                style={{ padding: '32px 0' }}
                description={
                  <>
                    <Text>{t('home.noDevices')}</Text>
                    <br />
                    <Text type="secondary">{t('home.noDevicesHint')}</Text>
                  </>
                }
              />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
