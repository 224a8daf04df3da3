import type { BigscreenView, StatusCounts } from '@meridian/contracts';
import { STATUS_COLOURS } from '../devices/statusColours.ts';

/** The wall's text and line colours on its dark ground. */
export const WALL = {
  ground: '#050d1f',
  panel: 'rgba(12, 38, 84, 0.55)',
  line: '#1d4f91',
  text: '#d6e4ff',
  dim: '#7d93bd',
  accent: '#3fc1ff',
};

const STATUSES = ['online', 'offline', 'alarm', 'fault'] as const;
const axis = {
  axisLine: { lineStyle: { color: WALL.line } },
  axisLabel: { color: WALL.dim, fontSize: 14 },
  splitLine: { lineStyle: { color: 'rgba(29, 79, 145, 0.35)' } },
};
const legend = { top: 0, textStyle: { color: WALL.text, fontSize: 14 } };

/** Slices as a ring, the legend below it. */
function ring(data: Array<{ name: string; value: number; colour: string }>, withLabels: boolean) {
  return {
    animation: false,
    tooltip: { trigger: 'item' },
    legend: { ...legend, top: 'bottom' },
    series: [
      {
        type: 'pie',
        radius: ['50%', '72%'],
        center: ['50%', '45%'],
        label: withLabels ? { color: WALL.text, fontSize: 14, formatter: '{b}: {c}' } : { show: false },
        data: data.map((d) => ({ name: d.name, value: d.value, itemStyle: { color: d.colour } })),
      },
    ],
  };
}

/** The devices by status, as a ring. */
export function statusRing(counts: StatusCounts, label: (status: string) => string) {
  return ring(
    STATUSES.map((s) => ({ name: label(s), value: counts[s], colour: STATUS_COLOURS[s] })),
    false,
  );
}

/** The projects' devices, stacked by status, the largest project first. */
export function projectBars(rows: BigscreenView['byProject'], label: (status: string) => string, none: string) {
  const shown = [...rows].reverse();
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend,
    grid: { left: 140, right: 24, top: 36, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1, ...axis },
    yAxis: { type: 'category', data: shown.map((r) => r.name ?? none), ...axis },
    series: STATUSES.map((s) => ({
      type: 'bar',
      stack: 'devices',
      name: label(s),
      barMaxWidth: 22,
      itemStyle: { color: STATUS_COLOURS[s] },
      data: shown.map((r) => r[s]),
    })),
  };
}

/** Alarms raised and restored over the week, today last. */
export function alarmTrend(week: BigscreenView['alarms']['week'], labels: { raised: string; restored: string }) {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend,
    grid: { left: 48, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: week.map((d) => d.date.slice(5)), ...axis },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: [
      {
        type: 'line',
        name: labels.raised,
        smooth: true,
        areaStyle: { color: STATUS_COLOURS.alarm, opacity: 0.15 },
        itemStyle: { color: STATUS_COLOURS.alarm },
        data: week.map((d) => d.raised),
      },
      {
        type: 'line',
        name: labels.restored,
        smooth: true,
        itemStyle: { color: STATUS_COLOURS.online },
        data: week.map((d) => d.restored),
      },
    ],
  };
}

/** The week's alarms split into restored and not restored. */
export function restoredRing(week: BigscreenView['alarms']['week'], labels: { restored: string; notRestored: string }) {
  const raised = week.reduce((n, d) => n + d.raised, 0);
  const restored = week.reduce((n, d) => n + d.restored, 0);
  return ring(
    [
      { name: labels.restored, value: restored, colour: STATUS_COLOURS.online },
      { name: labels.notRestored, value: raised - restored, colour: STATUS_COLOURS.alarm },
    ],
    true,
  );
}

/** The devices with the most alarms this week. */
export function topDeviceBars(rows: BigscreenView['alarms']['topDevices'], label: string) {
  const shown = [...rows].reverse();
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: { left: 160, right: 32, top: 16, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1, ...axis },
    yAxis: { type: 'category', data: shown.map((r) => r.name), ...axis },
    series: [
      { type: 'bar', name: label, barMaxWidth: 22, itemStyle: { color: WALL.accent }, data: shown.map((r) => r.count) },
    ],
  };
}
