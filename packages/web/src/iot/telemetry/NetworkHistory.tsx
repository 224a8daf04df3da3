import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { networkHistoryOf } from './api.ts';
import { LazyChart } from './LazyChart.tsx';

const DAY = 86_400_000;

/** The device's last 24 hours of signal (dBm), battery (%) and traffic per five minutes. */
export function NetworkHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const to = useMemo(() => Date.now(), []);
  const history = useQuery({
    queryKey: ['iot', 'network', deviceId, 'history', to],
    queryFn: ({ signal }) => networkHistoryOf(deviceId, to - DAY, to, signal),
    meta: { silentError: true },
  });
  if (history.isError && !history.data) {
    return <LoadFailed error={history.error} onRetry={() => history.refetch()} retrying={history.isFetching} />;
  }
  if (history.isPending) return <Skeleton active />;
  const rows = history.data ?? [];
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.network.historyEmpty')} />;
  const times = rows.map((r) => dayjs(r.at).format('HH:mm'));
  const option = {
    // Drawn at once: a day of five-minute samples needs no entrance, and one sample shows as its point.
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: [
      { left: 56, right: 56, top: 32, height: 140 },
      { left: 56, right: 56, top: 220, height: 90 },
    ],
    xAxis: [
      { type: 'category', data: times, gridIndex: 0 },
      { type: 'category', data: times, gridIndex: 1 },
    ],
    yAxis: [
      { type: 'value', name: 'dBm', gridIndex: 0, max: 0 },
      { type: 'value', name: '%', gridIndex: 0, min: 0, max: 100 },
      { type: 'value', name: 'KB', gridIndex: 1 },
    ],
    series: [
      { name: t('data.network.signalDbm'), type: 'line', symbolSize: 6, data: rows.map((r) => r.signalDbm) },
      {
        name: t('data.network.batteryPct'),
        type: 'line',
        symbolSize: 6,
        yAxisIndex: 1,
        data: rows.map((r) => r.battery),
      },
      {
        name: t('data.network.traffic'),
        type: 'bar',
        xAxisIndex: 1,
        yAxisIndex: 2,
        data: rows.map((r) => Math.round((r.bytes / 1024) * 10) / 10),
      },
    ],
  };
  return (
    <div>
      <Typography.Title level={5}>{t('data.network.history')}</Typography.Title>
      <LazyChart option={option} height={330} testId="network-history-chart" />
    </div>
  );
}
