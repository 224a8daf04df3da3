import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

// ECharts loads with the first chart of a screen, never on another page's first screen.
const Chart = lazy(() => import('../../pages/assessments/Chart.tsx'));

/** A chart on the dark wall; the canvas is a fixed 1920x1080, so each card knows its chart's height. */
export function ScreenChart({
  option,
  label,
  height,
  testId,
}: {
  option: EChartsCoreOption;
  label: string;
  height: number;
  testId?: string;
}) {
  return (
    <Suspense fallback={<div style={{ height }} />}>
      <Chart option={{ backgroundColor: 'transparent', ...option }} height={height} label={label} testId={testId} />
    </Suspense>
  );
}
