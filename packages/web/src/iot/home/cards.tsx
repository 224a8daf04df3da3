import type { IotHomeSummary, OpsRow, StatusCounts } from '@meridian/contracts';
import { Card, Empty, Flex, List, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Text } from '../../shared/typography.tsx';
import { STATUS_COLOURS } from '../devices/statusColours.ts';
import { LazyChart } from '../telemetry/LazyChart.tsx';

const STATUSES = ['online', 'offline', 'alarm', 'fault'] as const;

/** A home card whose title links to the page its figures come from. */
function HomeCard(props: { title: string; to: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      title={props.title}
      extra={<Link to={props.to}>{t('home.open')}</Link>}
      data-testid={props.testId}
      style={{ height: '100%' }}
    >
      {props.children}
    </Card>
  );
}

export function DevicesCard({ counts }: { counts: StatusCounts }) {
  const { t } = useTranslation();
  const option = {
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'pie',
        radius: ['55%', '80%'],
        label: { show: false },
        data: STATUSES.map((s) => ({
          name: t(`devices.status.${s}`),
          value: counts[s],
          itemStyle: { color: STATUS_COLOURS[s] },
        })),
      },
    ],
  };
  return (
    <HomeCard title={t('home.devicesTitle')} to="/devices" testId="home-devices">
      <Flex gap={16} align="center" wrap>
        <div style={{ width: 140 }}>
          <LazyChart option={option} height={140} testId="home-status-chart" />
        </div>
        <Flex gap={24} wrap data-testid="home-counts">
          <Statistic title={t('overview.total')} value={counts.total} />
          {STATUSES.map((status) => (
            <Statistic
              key={status}
              title={t(`devices.status.${status}`)}
              value={counts[status]}
              styles={{ content: { color: STATUS_COLOURS[status] } }}
            />
          ))}
        </Flex>
      </Flex>
    </HomeCard>
  );
}

export function AlarmsCard({ alarms }: { alarms: NonNullable<IotHomeSummary['alarms']> }) {
  const { t } = useTranslation();
  const option = {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 32, right: 8, top: 8, bottom: 40 },
    xAxis: { type: 'category', data: alarms.week.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('home.alarms.raised'),
        type: 'bar',
        data: alarms.week.map((d) => d.raised),
        itemStyle: { color: '#f5222d' },
      },
      {
        name: t('home.alarms.restored'),
        type: 'bar',
        data: alarms.week.map((d) => d.restored),
        itemStyle: { color: '#52c41a' },
      },
    ],
  };
  return (
    <HomeCard title={t('home.alarms.title')} to="/alarms/record" testId="home-alarms">
      <Flex gap={32} wrap>
        <Statistic title={t('home.alarms.today')} value={alarms.today} />
        <Statistic
          title={t('home.alarms.active')}
          value={alarms.active}
          styles={{ content: { color: alarms.active ? '#f5222d' : undefined } }}
        />
        <Statistic title={t('home.alarms.devices')} value={alarms.devicesInAlarm} />
        <Statistic title={t('home.alarms.unprocessed')} value={alarms.unprocessed} />
      </Flex>
      <LazyChart option={option} height={200} testId="home-alarm-week" />
    </HomeCard>
  );
}

export function OfflineCard({ devices }: { devices: NonNullable<IotHomeSummary['offline']> }) {
  const { t } = useTranslation();
  return (
    <HomeCard title={t('home.offline.title')} to="/data/records" testId="home-offline">
      {devices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.offline.none')} />
      ) : (
        <List
          size="small"
          dataSource={devices}
          renderItem={(d) => (
            <List.Item key={d.id} extra={<Text type="secondary">{d.at ? dayjs(d.at).format('MM-DD HH:mm') : ''}</Text>}>
              <Link to={`/devices/${d.id}`}>{d.name}</Link>
              <Text type="secondary" style={{ marginLeft: 8 }}>
                {d.sn}
              </Text>
            </List.Item>
          )}
        />
      )}
    </HomeCard>
  );
}

export function WorkOrdersCard({ orders }: { orders: NonNullable<IotHomeSummary['workOrders']> }) {
  const { t } = useTranslation();
  const red = (n: number) => ({ content: { color: n ? '#f5222d' : undefined } });
  return (
    <HomeCard title={t('home.orders.title')} to="/maintenance/work-orders" testId="home-orders">
      <Flex gap={32} wrap>
        <Statistic title={t('home.orders.open')} value={orders.open} />
        <Statistic title={t('home.orders.overdue')} value={orders.overdue} styles={red(orders.overdue)} />
        <Statistic title={t('home.orders.mine')} value={orders.mine} />
        <Statistic
          title={t('home.orders.maintenanceOverdue')}
          value={orders.maintenanceOverdue}
          styles={red(orders.maintenanceOverdue)}
        />
      </Flex>
      {orders.overdue + orders.maintenanceOverdue > 0 && (
        <Tag color="red" style={{ marginTop: 16 }}>
          {t('home.orders.attention')}
        </Tag>
      )}
    </HomeCard>
  );
}

export function DataCard({ rows }: { rows: OpsRow[] }) {
  const { t } = useTranslation();
  const week = rows.slice(-7);
  const option = {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 8, top: 8, bottom: 24 },
    xAxis: { type: 'category', data: week.map((r) => r.period.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: t('home.data.values'), type: 'line', areaStyle: {}, data: week.map((r) => r.values) }],
  };
  return (
    <HomeCard title={t('home.data.title')} to="/operations" testId="home-data">
      {week.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ops.empty')} />
      ) : (
        <>
          <Statistic title={t('home.data.lastDay', { day: week.at(-1)?.period })} value={week.at(-1)?.values ?? 0} />
          <LazyChart option={option} height={160} testId="home-data-chart" />
        </>
      )}
    </HomeCard>
  );
}
