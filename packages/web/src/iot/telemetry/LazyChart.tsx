import { Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

const EChart = lazy(() => import('./EChart.tsx'));

/** An ECharts chart whose library loads on first use, in its own chunk. */
export function LazyChart(props: { option: EChartsCoreOption; height?: number; testId?: string }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 360 }} />}>
      <EChart {...props} />
    </Suspense>
  );
}
