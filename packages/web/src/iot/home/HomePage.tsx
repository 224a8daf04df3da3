import { FundProjectionScreenOutlined, PlusOutlined } from '@ant-design/icons';
import type { IotHomeSummary, StatusCounts } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../shared/permissions.ts';
import { get } from '../../shared/request.ts';
import { Paragraph, Text, Title } from '../../shared/typography.tsx';
import { Announcements } from '../articles/Announcements.tsx';
import { operationsOf } from '../operations/api.ts';
import { AlarmsCard, DataCard, DevicesCard, OfflineCard, WorkOrdersCard } from './cards.tsx';

const stepKeys = ['add', 'template', 'alarm', 'watch'];

/**
 * Device Cloud's first page: for an account with devices, what an operator checks each morning
 * (status, alarms, devices gone offline, work orders, data volume), each card linking to its page;
 * for an account without, how to connect the first one.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { can, isSuccess: grantsKnown } = usePermissions();
  const mayHome = grantsKnown && can({ path: '/iot/home', code: 'view' });
  const navigate = useNavigate();
  const overview = useQuery({
    queryKey: ['iot', 'devices', 'overview'],
    queryFn: ({ signal }) => get<{ devices: StatusCounts }>('iot/overview', { signal }),
    meta: { silentError: true },
    // Asked only of a role that may see it, so that another role's home page raises no refusal.
    enabled: mayHome,
  });
  const summary = useQuery({
    queryKey: ['iot', 'home', 'summary'],
    queryFn: ({ signal }) => get<IotHomeSummary>('iot/home/summary', { signal }),
    meta: { silentError: true },
    enabled: mayHome,
  });
  const ops = useQuery({
    queryKey: ['iot', 'operations', 'days'],
    queryFn: ({ signal }) => operationsOf('days', signal),
    meta: { silentError: true },
    enabled: grantsKnown && can({ path: '/iot/statistics', code: 'view' }),
  });
  const counts = overview.data?.devices;
  const data = summary.data;
  const hasDevices = counts !== undefined && counts.total > 0;
  return (
    <div data-testid="iot-home">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t('home.heading')}
        </Title>
        {mayHome && (
          <Button
            icon={<FundProjectionScreenOutlined />}
            onClick={() => navigate('/bigscreen')}
            data-testid="home-bigscreen"
          >
            {t('bigscreen.open')}
          </Button>
        )}
      </Flex>
      <Paragraph type="secondary" style={{ marginBottom: 24 }}>
        {t('home.intro')}
      </Paragraph>
      {data && <Announcements items={data.announcements} />}
      {overview.isLoading ? (
        <Skeleton active />
      ) : hasDevices ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <DevicesCard counts={counts} />
          </Col>
          {data?.workOrders && (
            <Col xs={24} xl={12}>
              <WorkOrdersCard orders={data.workOrders} />
            </Col>
          )}
          {data?.alarms && (
            <Col xs={24} xl={12}>
              <AlarmsCard alarms={data.alarms} />
            </Col>
          )}
          {data?.offline && (
            <Col xs={24} xl={12}>
              <OfflineCard devices={data.offline} />
            </Col>
          )}
          {ops.data && (
            <Col xs={24} xl={12}>
              <DataCard rows={ops.data.rows} />
            </Col>
          )}
        </Row>
      ) : (
        <FirstSteps />
      )}
    </div>
  );
}

/** The guide of an account with no devices yet. */
function FirstSteps() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
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
        </Card>
      </Col>
    </Row>
  );
}
