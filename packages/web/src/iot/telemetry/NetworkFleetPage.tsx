import type { FleetDevice } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Progress, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { networkFleet } from './api.ts';
import { bytesText } from './NetworkPanel.tsx';

type Measure = 'weakest' | 'lowBattery' | 'busiest';

/** One of the three lists: the device, and the figure it is listed for. */
function FleetTable({ measure, devices, loading }: { measure: Measure; devices: FleetDevice[]; loading: boolean }) {
  const { t } = useTranslation();
  const figure = (d: FleetDevice) =>
    measure === 'weakest' ? (
      `${d.signalDbm} dBm`
    ) : measure === 'lowBattery' ? (
      <Progress
        percent={Math.round(d.battery ?? 0)}
        size="small"
        status={(d.battery ?? 0) < 20 ? 'exception' : 'normal'}
      />
    ) : (
      bytesText(d.bytes)
    );
  return (
    <Card title={t(`data.network.fleet.${measure}`)} data-testid={`network-${measure}`} style={{ height: '100%' }}>
      <Table<FleetDevice>
        size="small"
        rowKey="deviceId"
        loading={loading}
        pagination={false}
        dataSource={devices}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.network.fleet.empty')} />,
        }}
        columns={[
          {
            title: t('data.network.fleet.device'),
            render: (_, d) => (
              <>
                <Link to={`/devices/${d.deviceId}`}>{d.name}</Link>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {d.sn}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t(
              `data.network.${measure === 'weakest' ? 'signal' : measure === 'lowBattery' ? 'battery' : 'traffic'}`,
            ),
            width: 140,
            render: (_, d) => figure(d),
          },
        ]}
      />
    </Card>
  );
}

/** `/network/monitor`: the fleet's weakest signals, lowest batteries and busiest devices (issue 27). */
export function NetworkFleetPage() {
  const { t } = useTranslation();
  const fleet = useQuery({ queryKey: ['iot', 'network', 'fleet'], queryFn: ({ signal }) => networkFleet(signal) });
  if (fleet.isError && !fleet.data) {
    return (
      <Card title={t('menu.network.monitor')}>
        <LoadFailed error={fleet.error} onRetry={() => fleet.refetch()} retrying={fleet.isFetching} />
      </Card>
    );
  }
  const f = fleet.data;
  return (
    <div data-testid="network-fleet">
      <Card title={t('menu.network.monitor')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('data.network.fleet.intro')}</Typography.Paragraph>
        <Statistic title={t('data.network.fleet.reporting')} value={f?.reporting ?? '-'} loading={fleet.isPending} />
      </Card>
      <Row gutter={[16, 16]}>
        {(['weakest', 'lowBattery', 'busiest'] as const).map((measure) => (
          <Col xs={24} xl={8} key={measure}>
            <FleetTable measure={measure} devices={f?.[measure] ?? []} loading={fleet.isPending} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
