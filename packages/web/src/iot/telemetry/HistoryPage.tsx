import { DownloadOutlined } from '@ant-design/icons';
import { HISTORY_POINTS_MAX } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Flex, Form, Radio, Select, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyError } from '../../shared/feedback.tsx';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { deviceOf } from '../devices/api.ts';
import { templateOf } from '../templates/api.ts';
import { exportHistory, type HistoryRow, historyChart, historyRows, type Range } from './api.ts';
import { DeviceSelect } from './DeviceSelect.tsx';
import { historyOption, QUICK_RANGES, type QuickRange, quickRange } from './history.ts';
import { LazyChart } from './LazyChart.tsx';

const PAGE_SIZE = 20;

/**
 * Historical Data: a device, some of its points and a range (the last hour, 24 hours, 7 or 30 days,
 * or any range) give a zoomable chart, the raw readings a page at a time below it, and an Excel
 * export that the server streams.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromAddress = Number(params.get('device'));
  const [deviceId, setDeviceId] = useState<number | null>(fromAddress > 0 ? fromAddress : null);
  const [pointIds, setPointIds] = useState<number[]>([]);
  const [quick, setQuick] = useState<QuickRange | null>('24h');
  const [range, setRange] = useState<Range>(() => quickRange('24h'));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const device = useQuery({
    queryKey: ['iot', 'devices', 'detail', deviceId],
    queryFn: ({ signal }) => deviceOf(deviceId ?? 0, signal),
    enabled: deviceId !== null,
  });
  const templateId = device.data?.templateId ?? null;
  const template = useQuery({
    queryKey: ['iot', 'templates', 'detail', templateId],
    queryFn: ({ signal }) => templateOf(templateId ?? 0, signal),
    enabled: templateId !== null,
  });
  const points = template.data?.points ?? [];
  // Until the user picks, the chart shows the device's first points.
  const chosen = pointIds.length ? pointIds : points.slice(0, 4).map((p) => p.id);
  const ready = deviceId !== null && chosen.length > 0;

  const chart = useQuery({
    queryKey: ['iot', 'history', 'chart', deviceId, chosen, range],
    queryFn: ({ signal }) => historyChart(deviceId ?? 0, chosen, range, signal),
    enabled: ready,
    meta: { silentError: true },
  });
  const rows = useQuery({
    queryKey: ['iot', 'history', 'rows', deviceId, chosen, range, page],
    queryFn: ({ signal }) =>
      historyRows({ deviceId: deviceId ?? 0, pointIds: chosen, ...range, page, size: PAGE_SIZE }, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const option = useMemo(() => (chart.data ? historyOption(chart.data) : null), [chart.data]);
  const empty = chart.data?.series.every((s) => s.data.length === 0);

  const pickDevice = (id: number | undefined) => {
    setDeviceId(id ?? null);
    setPointIds([]);
    setPage(1);
    setParams(id ? { device: String(id) } : {}, { replace: true });
  };
  const pickQuick = (next: QuickRange) => {
    setQuick(next);
    setRange(quickRange(next));
    setPage(1);
  };
  const pickRange = (dates: [Dayjs | null, Dayjs | null] | null) => {
    if (!dates?.[0] || !dates[1]) return;
    setQuick(null);
    setRange({ from: dates[0].valueOf(), to: dates[1].valueOf() });
    setPage(1);
  };
  const runExport = async () => {
    if (!ready) return;
    setExporting(true);
    try {
      await exportHistory(deviceId ?? 0, chosen, range);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="history-page">
      <Card>
        <Form layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label={t('data.device')}>
            <DeviceSelect
              data-testid="history-device"
              value={deviceId ?? undefined}
              onChange={pickDevice}
              allowClear
              style={{ width: 260 }}
            />
          </Form.Item>
          <Form.Item label={t('data.points')}>
            <Select<number[]>
              data-testid="history-points"
              mode="multiple"
              maxCount={HISTORY_POINTS_MAX}
              maxTagCount="responsive"
              allowClear
              style={{ width: 320 }}
              placeholder={t('data.history.firstPoints')}
              disabled={!points.length}
              value={pointIds}
              onChange={(ids) => {
                setPointIds(ids);
                setPage(1);
              }}
              options={points.map((p) => ({ value: p.id, label: p.unit ? `${p.name} (${p.unit})` : p.name }))}
            />
          </Form.Item>
          <Form.Item>
            <Radio.Group
              data-testid="history-quick"
              optionType="button"
              value={quick}
              onChange={(event) => pickQuick(event.target.value as QuickRange)}
              options={QUICK_RANGES.map((q) => ({ value: q, label: t(`data.quick.${q}`) }))}
            />
          </Form.Item>
          <Form.Item>
            <DatePicker.RangePicker
              showTime
              value={[dayjs(range.from), dayjs(range.to)]}
              onChange={pickRange}
              allowClear={false}
            />
          </Form.Item>
          <Form.Item>
            <Button
              icon={<DownloadOutlined />}
              disabled={!ready}
              loading={exporting}
              onClick={runExport}
              data-testid="history-export"
            >
              {t('data.history.export')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title={t('data.history.chart')}>
        {deviceId === null ? (
          <Empty description={t('data.history.pickDevice')} />
        ) : device.data && !device.data.templateId ? (
          <Empty description={t('devices.detail.noTemplate')} />
        ) : chart.isError ? (
          <LoadFailed error={chart.error} onRetry={() => chart.refetch()} retrying={chart.isFetching} />
        ) : empty ? (
          <Empty data-testid="history-empty" description={t('data.history.empty')} />
        ) : option ? (
          <>
            {chart.data?.series.some((s) => s.downsampled) && (
              <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('data.history.downsampled')} />
            )}
            <LazyChart option={option} height={380} testId="history-chart" />
          </>
        ) : (
          <Typography.Text type="secondary">{t('data.loading')}</Typography.Text>
        )}
      </Card>
      {ready && (
        <Card title={t('data.history.rows')}>
          <Table<HistoryRow>
            data-testid="history-rows"
            size="small"
            rowKey={(row) => `${row.pointId}-${row.at}`}
            loading={rows.isFetching}
            dataSource={rows.data?.list ?? []}
            locale={{ emptyText: t('data.history.empty') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: rows.data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t('ui.total', { total }),
              onChange: setPage,
            }}
            columns={[
              { title: t('data.at'), dataIndex: 'at', render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss') },
              { title: t('templates.point.name'), dataIndex: 'name' },
              {
                title: t('data.realtime.value'),
                dataIndex: 'value',
                render: (v: HistoryRow['value']) => (v === null ? '-' : String(v)),
              },
              { title: t('templates.point.unit'), dataIndex: 'unit', render: (u: string | null) => u ?? '-' },
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}
