import { axis, chartText, palette } from './palette.ts';

// The emotion screens' shared pieces (decision 0119): their days, shares and charts.

const DAY_MS = 86_400_000;
/** China time: the summaries' days are Beijing days. */
const ZONE_MS = 8 * 3_600_000;

/** How many days a screen shows: a month by day, twelve weeks by week. */
export const EMOTION_DAYS = { day: 30, week: 84 } as const;

/** `?by=week` in the address turns the trend into weeks; days otherwise. */
export function emotionRange(search: string, now = Date.now()) {
  const by = new URLSearchParams(search).get('by') === 'week' ? 'week' : 'day';
  const day = (at: number) => new Date(at + ZONE_MS).toISOString().slice(0, 10);
  const days = EMOTION_DAYS[by];
  return { by, days, from: day(now - (days - 1) * DAY_MS), to: day(now) } as const;
}

/** A share (0..1) as a percentage with one decimal. */
export const share = (n: number) => `${Math.round(n * 1000) / 10}%`;

/** The colour of a negative share: calm blue to alarming red, saturating at twice the threshold. */
export function heatColour(negative: number, threshold: number): string {
  const x = Math.min(1, negative / (threshold * 2));
  const from = [59, 160, 255];
  const to = [245, 34, 45];
  const mix = from.map((c, i) => Math.round(c + ((to[i] ?? c) - c) * x));
  return `rgba(${mix.join(', ')}, ${0.25 + 0.65 * x})`;
}

/** Negative shares as bars, one per name, those at or over the threshold in red. */
export function negativeBars(rows: { name: string; negative: number }[], threshold: number, series: string) {
  const shown = rows.slice(0, 12).reverse();
  return {
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', max: 100, ...axis, axisLabel: { ...axis.axisLabel, formatter: '{value}%' } },
    yAxis: { type: 'category', data: shown.map((r) => r.name), ...axis },
    series: [
      {
        name: series,
        type: 'bar',
        barMaxWidth: 22,
        data: shown.map((r) => ({
          value: Math.round(r.negative * 1000) / 10,
          itemStyle: { color: r.negative >= threshold ? palette.danger : palette.accent[0] },
        })),
        label: { show: true, position: 'right', formatter: '{c}%', ...chartText },
      },
    ],
  };
}

/** The negative share per period as a line, or per hour of the day as bars (a few hours read better as bars). */
export function negativeLine(
  points: { label: string; negative: number }[],
  series: string,
  kind: 'line' | 'bar' = 'line',
) {
  return {
    grid: { left: 8, right: 24, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: points.map((p) => p.label), ...axis },
    yAxis: { type: 'value', min: 0, ...axis, axisLabel: { ...axis.axisLabel, formatter: '{value}%' } },
    series: [
      {
        name: series,
        type: kind,
        data: points.map((p) => Math.round(p.negative * 1000) / 10),
        itemStyle: { color: palette.figure },
        label: { show: points.length <= 12, position: 'top', formatter: '{c}%', ...chartText },
        ...(kind === 'line'
          ? { smooth: true, symbolSize: 8, areaStyle: { color: 'rgba(95, 211, 255, 0.15)' } }
          : { barMaxWidth: 32 }),
      },
    ],
  };
}
