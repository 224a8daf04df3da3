import type { HistoryChart, OnlineRate, Range } from './api.ts';

export const QUICK_RANGES = ['1h', '24h', '7d', '30d'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

const HOUR = 60 * 60_000;
const SPAN: Record<QuickRange, number> = { '1h': HOUR, '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR };

/** The range that ends now and reaches back the quick range's span. */
export function quickRange(quick: QuickRange, now = Date.now()): Range {
  return { from: now - SPAN[quick], to: now };
}

/** A reading as a number for the chart: numbers as they are, switches as 1 and 0; text is not charted. */
export function chartNumber(value: number | string | boolean | null): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false') return 0;
  return null;
}

/**
 * The ECharts option of a history chart: one line per point over time, named with its unit, a
 * slider and inside zoom on the time axis. A downsampled point draws the average of each bucket,
 * and its tooltip keeps the bucket's min and max so that spikes are not lost.
 */
export function historyOption(chart: HistoryChart) {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 56, right: 32, top: 40, bottom: 72 },
    xAxis: { type: 'time', min: chart.from, max: chart.to },
    yAxis: { type: 'value', scale: true },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0 },
      { type: 'slider', xAxisIndex: 0, bottom: 16 },
    ],
    series: chart.series.map((series) => ({
      type: 'line',
      name: series.unit ? `${series.name} (${series.unit})` : series.name,
      showSymbol: series.data.length < 60,
      connectNulls: false,
      sampling: series.downsampled ? undefined : 'lttb',
      data: series.data.map((d) => [d.at, chartNumber(d.value)]),
    })),
  };
}

/** The ECharts option of a device's online rate: one bar per day, in percent. */
export function onlineRateOption(rate: OnlineRate, label: string) {
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v}%` },
    grid: { left: 48, right: 24, top: 24, bottom: 40 },
    xAxis: { type: 'category', data: rate.days.map((d) => d.day) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      {
        type: 'bar',
        name: label,
        barMaxWidth: 32,
        data: rate.days.map((d) => Math.round(d.rate * 1000) / 10),
      },
    ],
  };
}

/** A share as people read it: 0.9731 → "97.3%"; a few seconds online in a week is "<0.1%", not "0%". */
export const percent = (rate: number) => (rate > 0 && rate < 0.001 ? '<0.1%' : `${Math.round(rate * 1000) / 10}%`);
