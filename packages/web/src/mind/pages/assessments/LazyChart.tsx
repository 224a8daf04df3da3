import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartProps } from './Chart.tsx';
import './strings.ts';

// ECharts is large: its own chunk, fetched when a page first shows a chart.
const Chart = lazy(() => import('./Chart.tsx'));

export function LazyChart(props: ChartProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div
          role="status"
          aria-busy="true"
          aria-label={t('assess.chartLoading')}
          style={{ height: props.height ?? 320 }}
        >
          <Skeleton.Node active style={{ width: '100%', height: props.height ?? 320 }} />
        </div>
      }
    >
      <Chart {...props} />
    </Suspense>
  );
}
