import type {
  ScreenBands,
  ScreenGauge,
  ScreenGradeWarnings,
  ScreenTrend,
  SecuritySummary,
  SecurityTrend,
} from '@meridian/contracts';
import type { TFunction } from 'i18next';
import { textIn } from '../api.ts';
import { axis, chartText, palette } from './palette.ts';

// The screens' chart options, shared by the screens that draw the same figure.

/** The stages a warning is still being worked in, in the workflow's order (decision 0033). */
export const OPEN_STAGES = ['new', 'setUp', 'published', 'intervening', 'handedOver'] as const;

export function bandsChart(d: ScreenBands) {
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: chartText },
    color: [...palette.accent],
    xAxis: {
      type: 'category',
      data: d.rows.map((r) => r.name),
      ...axis,
      axisLabel: { ...axis.axisLabel, interval: 0 },
    },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: d.bands.map((b) => ({
      name: textIn(b.label),
      type: 'bar',
      stack: 'bands',
      barMaxWidth: 48,
      data: d.rows.map((r) => r.counts[b.id] ?? 0),
    })),
  };
}

export function levelsChart(d: ScreenGauge, open: string, solved: string) {
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: chartText },
    xAxis: { type: 'category', data: d.levels.map((l) => textIn(l.name)), ...axis },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: [
      {
        name: open,
        type: 'bar',
        barMaxWidth: 40,
        data: d.levels.map((l) => ({ value: l.open, itemStyle: { color: l.colour } })),
        label: { show: true, position: 'top', ...chartText },
      },
      {
        name: solved,
        type: 'bar',
        barMaxWidth: 40,
        itemStyle: { color: palette.accent[2] },
        data: d.levels.map((l) => l.byState.solved ?? 0),
        label: { show: true, position: 'top', ...chartText },
      },
    ],
  };
}

/** Warnings by level across the given stages, one stacked bar per stage. */
export function stagesChart(d: ScreenGauge, t: TFunction, stages: readonly string[] = OPEN_STAGES) {
  return {
    grid: { left: 8, right: 24, top: 48, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: chartText },
    xAxis: {
      type: 'category',
      data: stages.map((s) => t(`warn.state.${s}`)),
      ...axis,
      // Stage names run long in English ("Handed to higher level"): they wrap under their bar.
      axisLabel: { ...axis.axisLabel, interval: 0, width: 96, overflow: 'break' },
    },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: d.levels.map((l) => ({
      name: textIn(l.name),
      type: 'bar',
      stack: 'levels',
      barMaxWidth: 64,
      itemStyle: { color: l.colour },
      data: stages.map((s) => l.byState[s] ?? 0),
    })),
  };
}

/** Results and warnings per month: bars for results, a line for warnings on their own axis. */
export function trendChart(d: ScreenTrend, names: { results?: string; warnings: string }) {
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: chartText },
    xAxis: { type: 'category', data: d.months.map((m) => m.month), ...axis },
    yAxis: [
      { type: 'value', minInterval: 1, ...axis },
      { type: 'value', minInterval: 1, ...axis, splitLine: { show: false } },
    ],
    series: [
      ...(names.results === undefined
        ? []
        : [
            {
              name: names.results,
              type: 'bar',
              barMaxWidth: 36,
              itemStyle: { color: palette.accent[0] },
              data: d.months.map((m) => m.results),
            },
          ]),
      {
        name: names.warnings,
        type: 'line',
        yAxisIndex: names.results === undefined ? 0 : 1,
        smooth: true,
        symbolSize: 10,
        itemStyle: { color: palette.accent[4] },
        label: { show: true, position: 'top', ...chartText },
        data: d.months.map((m) => m.warnings),
      },
    ],
  };
}

/** Warnings of each grade, stacked by level. */
export function gradesChart(d: ScreenGradeWarnings, noGrade: string) {
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: chartText },
    xAxis: {
      type: 'category',
      data: d.grades.map((g) => g.name || noGrade),
      ...axis,
      axisLabel: { ...axis.axisLabel, interval: 0 },
    },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: d.levels.map((l) => ({
      name: textIn(l.name),
      type: 'bar',
      stack: 'levels',
      barMaxWidth: 56,
      itemStyle: { color: l.colour },
      data: d.grades.map((g) => g.counts[l.code] ?? 0),
    })),
  };
}

/** Behaviour alerts by type: today's and the last seven days' side by side. */
export function alertTypesChart(d: SecuritySummary, t: TFunction) {
  const series = (name: string, rows: SecuritySummary['today']['byType'], color: string) => ({
    name,
    type: 'bar',
    barMaxWidth: 36,
    itemStyle: { color },
    label: { show: true, position: 'top', ...chartText },
    data: rows.map((r) => r.count),
  });
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: chartText },
    xAxis: {
      type: 'category',
      data: d.week.byType.map((r) => t(`campus.types.${r.type}`)),
      ...axis,
      axisLabel: { ...axis.axisLabel, interval: 0 },
    },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: [
      series(t('scr.security.todaySeries'), d.today.byType, palette.accent[5]),
      series(t('scr.security.weekSeries'), d.week.byType, palette.accent[0]),
    ],
  };
}

/** Behaviour alerts per day over the last thirty days, one bar a day (a quiet day at zero). */
export function alertDaysChart(d: SecurityTrend, name: string) {
  return {
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: d.days.map((x) => x.day.slice(5)), ...axis },
    yAxis: { type: 'value', minInterval: 1, ...axis },
    series: [
      {
        name,
        type: 'bar',
        barMaxWidth: 18,
        itemStyle: { color: palette.accent[4] },
        label: {
          show: true,
          position: 'top',
          ...chartText,
          formatter: ({ value }: { value: number }) => (value ? value : ''),
        },
        data: d.days.map((x) => x.count),
      },
    ],
  };
}
