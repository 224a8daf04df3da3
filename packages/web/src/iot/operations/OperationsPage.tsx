import { ExportOutlined } from '@ant-design/icons';
import { OPS_WINDOWS, type OpsFigures, type OpsRow, type OpsWindow } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Radio, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { percent } from '../telemetry/history.ts';
import { LazyChart } from '../telemetry/LazyChart.tsx';
import { exportOperations, operationsOf } from './api.ts';
import { onlineOption, ordersOption, recoveryOption, usageOption } from './charts.ts';

const rate = (v: number | null) => (v === null ? '-' : percent(v));
const hours = (minutes: number | null) => (minutes === null ? '-' : (minutes / 60).toFixed(1));

/** The figures of a window, loaded once for the operation center and the recovery-rate page. */
export function useOperations(window: OpsWindow) {
  return useQuery({
    queryKey: ['iot', 'operations', window],
    queryFn: ({ signal }) => operationsOf(window, signal),
    meta: { silentError: true },
  });
}

/** What the page shows before the first nightly run, or while it loads or fails. */
export function OpsState(props: { query: ReturnType<typeof useOperations> }) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isError)
    return <LoadFailed error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (!query.data) return <Skeleton active data-testid="ops-loading" />;
  return <Empty description={t('ops.empty')} data-testid="ops-empty" />;
}

/** Operation center: the nightly figures of the caller's accounts over 30 days or 12 months. */
export function OperationsPage() {
  const { t } = useTranslation();
  const [window, setWindow] = useState<OpsWindow>('days');
  const query = useOperations(window);
  const rows = query.data?.rows ?? [];
  const totals = query.data?.totals;
  const charts = useMemo(
    () => ({
      online: onlineOption(rows, { devices: t('ops.f.devicesTotal'), rate: t('ops.f.onlineRate') }),
      recovery: recoveryOption(rows, {
        raised: t('ops.f.raised'),
        restored: t('ops.f.restored'),
        rate: t('ops.f.recoveryRate'),
      }),
      orders: ordersOption(rows, {
        opened: t('ops.f.ordersOpened'),
        closed: t('ops.f.ordersClosed'),
        overdue: t('ops.f.ordersOverdue'),
      }),
      usage: usageOption(rows, { values: t('ops.f.values'), users: t('ops.f.activeUsers') }),
    }),
    [rows, t],
  );
  const save = () =>
    exportOperations(window, t('ops.exportName')).catch((error: unknown) => {
      notifyError(error);
    });
  return (
    <Flex vertical gap={16} data-testid="operations-page">
      <Card>
        <Flex wrap gap={12} align="center" justify="space-between">
          <Radio.Group
            optionType="button"
            value={window}
            onChange={(event) => setWindow(event.target.value as OpsWindow)}
            options={OPS_WINDOWS.map((w) => ({ value: w, label: t(`ops.window.${w}`) }))}
            data-testid="ops-window"
          />
          <Flex gap={12} align="center" wrap>
            <Typography.Text type="secondary" data-testid="ops-through">
              {query.data?.countedThrough ? t('ops.through', { day: query.data.countedThrough }) : t('ops.notYet')}
            </Typography.Text>
            <Button icon={<ExportOutlined />} onClick={save} disabled={rows.length === 0} data-testid="ops-export">
              {t('ops.export')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      {rows.length === 0 || !totals ? (
        <Card>
          <OpsState query={query} />
        </Card>
      ) : (
        <>
          <Totals totals={totals} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card title={t('ops.chart.online')}>
                <LazyChart option={charts.online} height={280} testId="ops-chart-online" />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('ops.chart.recovery')}>
                <LazyChart option={charts.recovery} height={280} testId="ops-chart-recovery" />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('ops.chart.orders')}>
                <LazyChart option={charts.orders} height={280} testId="ops-chart-orders" />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('ops.chart.usage')}>
                <LazyChart option={charts.usage} height={280} testId="ops-chart-usage" />
              </Card>
            </Col>
          </Row>
          <Card title={t(`ops.table.${window}`)}>
            <OpsTable rows={rows} />
          </Card>
        </>
      )}
    </Flex>
  );
}

function Totals({ totals }: { totals: OpsFigures }) {
  const { t } = useTranslation();
  const cards: Array<[key: string, value: string | number]> = [
    ['devicesTotal', totals.devicesTotal],
    ['devicesAdded', totals.devicesAdded],
    ['onlineRate', rate(totals.onlineRate)],
    ['alarmsRaised', totals.alarmsRaised],
    ['recoveryRate', rate(totals.recoveryRate)],
    ['ordersOpened', totals.ordersOpened],
    ['ordersOverdue', totals.ordersOverdue],
    ['meanResponse', hours(totals.meanResponseMinutes)],
    ['meanRepair', hours(totals.meanRepairMinutes)],
    ['values', totals.values.toLocaleString()],
    ['peakUsers', totals.activeUsers],
  ];
  return (
    <Row gutter={[16, 16]} data-testid="ops-totals">
      {cards.map(([key, value]) => (
        <Col key={key} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={t(`ops.total.${key}`)} value={value} data-testid={`ops-total-${key}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The rows of the window, newest first, as the export has them. */
export function OpsTable({ rows }: { rows: OpsRow[] }) {
  const { t } = useTranslation();
  const newest = useMemo(() => [...rows].reverse(), [rows]);
  return (
    <Table<OpsRow>
      rowKey="period"
      size="small"
      dataSource={newest}
      pagination={{ pageSize: 15, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      data-testid="ops-table"
      columns={[
        { title: t('ops.f.period'), dataIndex: 'period', fixed: 'left' },
        { title: t('ops.f.devicesTotal'), dataIndex: 'devicesTotal' },
        { title: t('ops.f.devicesAdded'), dataIndex: 'devicesAdded' },
        { title: t('ops.f.onlineRate'), dataIndex: 'onlineRate', render: rate },
        { title: t('ops.f.alarmsRaised'), dataIndex: 'alarmsRaised' },
        { title: t('ops.f.faultsRaised'), dataIndex: 'faultsRaised' },
        { title: t('ops.f.recoveryRate'), dataIndex: 'recoveryRate', render: rate },
        { title: t('ops.f.ordersOpened'), dataIndex: 'ordersOpened' },
        { title: t('ops.f.ordersClosed'), dataIndex: 'ordersClosed' },
        { title: t('ops.f.ordersOverdue'), dataIndex: 'ordersOverdue' },
        { title: t('ops.f.meanResponse'), dataIndex: 'meanResponseMinutes', render: hours },
        { title: t('ops.f.meanRepair'), dataIndex: 'meanRepairMinutes', render: hours },
        { title: t('ops.f.values'), dataIndex: 'values', render: (v: number) => v.toLocaleString() },
        { title: t('ops.f.activeUsers'), dataIndex: 'activeUsers' },
      ]}
    />
  );
}
