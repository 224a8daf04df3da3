import { EMOTIONS, type Emotion, type EmotionPeriod, type EmotionTotals } from '@meridian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Flex, Row, Segmented, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { SchoolSelect, useSchools } from '../../../shared/people/SchoolSelect.tsx';
import { type BoardQuery, boardOf, type EmotionBoard } from './api.ts';
import './strings.ts';

/** The colour of each emotion, the same in every chart and bar. */
export const EMOTION_COLORS: Record<Emotion, string> = {
  happy: '#52c41a',
  calm: '#1677ff',
  surprised: '#faad14',
  sad: '#722ed1',
  angry: '#f5222d',
  fearful: '#eb2f96',
};

export const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
const DATE = 'YYYY-MM-DD';

/** The filters of a board: a school of the caller's scope (the first by default), dates and period. */
export function useBoardFilters(days: number, initial?: { from?: string | null; to?: string | null }) {
  const schools = useSchools();
  const [chosen, setSchoolId] = useState<number | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    initial?.from ? dayjs(initial.from) : dayjs().subtract(days - 1, 'day'),
    initial?.to ? dayjs(initial.to) : dayjs(),
  ]);
  const [by, setBy] = useState<EmotionPeriod>('day');
  const schoolId = chosen ?? schools.data?.list[0]?.id;
  return {
    schoolId,
    setSchoolId,
    range,
    setRange,
    by,
    setBy,
    from: range[0].format(DATE),
    to: range[1].format(DATE),
    schoolsReady: !schools.isPending,
  };
}
export type BoardFilters = ReturnType<typeof useBoardFilters>;

/** The school, dates and (optionally) period pickers of a board. */
export function FilterBar({
  f,
  school = true,
  period = true,
}: {
  f: BoardFilters;
  school?: boolean;
  period?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={12} align="center">
      {school && (
        <SchoolSelect
          testId="emotion-school"
          allowClear={false}
          value={f.schoolId}
          onChange={(id) => f.setSchoolId(id)}
          style={{ width: 220 }}
        />
      )}
      <DatePicker.RangePicker
        aria-label={t('emotion.range')}
        data-testid="emotion-range"
        allowClear={false}
        value={f.range}
        onChange={(next) => {
          if (next?.[0] && next[1]) f.setRange([next[0], next[1]]);
        }}
      />
      {period && (
        <Segmented<EmotionPeriod>
          data-testid="emotion-period"
          value={f.by}
          onChange={f.setBy}
          options={(['day', 'week', 'month'] as const).map((value) => ({ value, label: t(`emotion.by.${value}`) }))}
        />
      )}
    </Flex>
  );
}

/** The board of a school or class for the filters; `enabled` waits for a school or class to ask about. */
export function useBoard(query: BoardQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['emotion', 'board', query],
    queryFn: ({ signal }) => boardOf(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}

/** Loading, failure and "no data yet" around a board's content. */
export function BoardState({
  board,
  children,
}: {
  board: ReturnType<typeof useBoard>;
  children: (data: EmotionBoard) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (board.isError)
    return <LoadFailed error={board.error} onRetry={() => void board.refetch()} retrying={board.isFetching} />;
  if (!board.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (board.data.total.samples === 0)
    return <Empty data-testid="emotion-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emotion.empty')} />;
  return children(board.data);
}

/** Samples, faces and the negative share of a board. */
export function Totals({ total }: { total: EmotionTotals }) {
  const { t } = useTranslation();
  const main = dominant(total);
  return (
    <Row gutter={[16, 16]} data-testid="emotion-totals">
      <Col xs={12} md={6}>
        <Statistic title={t('emotion.samples')} value={total.samples} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('emotion.faces')} value={total.faces} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('emotion.negative')} value={percent(total.negative)} data-testid="emotion-negative" />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('emotion.dominant')} value={t(`emotion.names.${main}`)} />
      </Col>
    </Row>
  );
}

export function dominant(total: EmotionTotals): Emotion {
  return EMOTIONS.reduce((best, e) => (total.distribution[e] > total.distribution[best] ? e : best), EMOTIONS[0]);
}

/** The six shares as one bar, with each share in its tooltip. */
export function DistributionBar({ total }: { total: EmotionTotals }) {
  const { t } = useTranslation();
  return (
    <Flex style={{ width: '100%', minWidth: 120, height: 12, borderRadius: 6, overflow: 'hidden' }}>
      {EMOTIONS.filter((e) => total.distribution[e] > 0).map((e) => (
        <Tooltip key={e} title={`${t(`emotion.names.${e}`)} ${percent(total.distribution[e])}`}>
          <div
            role="img"
            aria-label={`${t(`emotion.names.${e}`)} ${percent(total.distribution[e])}`}
            style={{ width: `${total.distribution[e] * 100}%`, background: EMOTION_COLORS[e] }}
          />
        </Tooltip>
      ))}
    </Flex>
  );
}

/** A titled card section. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card size="small">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}

const pct = { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } };
const toPct = (share: number) => Math.round(share * 1000) / 10;
const grid = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };

/** The distribution of each period as stacked bars. */
export function trendChart(board: EmotionBoard, t: TFunction): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${v}%` },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: board.trend.map((p) => p.period) },
    yAxis: pct,
    series: EMOTIONS.map((e) => ({
      name: t(`emotion.names.${e}`),
      type: 'bar',
      stack: 'all',
      barMaxWidth: 48,
      color: EMOTION_COLORS[e],
      data: board.trend.map((p) => toPct(p.distribution[e])),
    })),
  };
}

/** The negative share of each class, as horizontal bars, most negative on top. */
export function classesChart(board: EmotionBoard, t: TFunction): EChartsCoreOption {
  const classes = [...board.classes].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${v}%` },
    grid: { ...grid, top: 8 },
    xAxis: pct,
    yAxis: { type: 'category', data: classes.map((c) => c.className) },
    series: [
      {
        name: t('emotion.negative'),
        type: 'bar',
        barMaxWidth: 24,
        color: EMOTION_COLORS.sad,
        data: classes.map((c) => toPct(c.negative)),
      },
    ],
  };
}

/** One line per class: its negative share in each period. */
export function classTrendChart(board: EmotionBoard): EChartsCoreOption {
  const periods = board.trend.map((p) => p.period);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v}%` },
    legend: { top: 0, type: 'scroll' },
    grid,
    xAxis: { type: 'category', data: periods },
    yAxis: pct,
    series: board.classes.map((c) => {
      const at = new Map(c.trend.map((p) => [p.period, toPct(p.negative)]));
      return { name: c.className, type: 'line', connectNulls: true, data: periods.map((p) => at.get(p) ?? null) };
    }),
  };
}

/** The negative share (bars) and samples (line) of each hour of the day. */
export function hoursChart(board: EmotionBoard, t: TFunction): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: board.hours.map((h) => t('emotion.hour', { hour: h.hour })) },
    yAxis: [pct, { type: 'value', minInterval: 1 }],
    series: [
      {
        name: t('emotion.negative'),
        type: 'bar',
        barMaxWidth: 32,
        color: EMOTION_COLORS.sad,
        data: board.hours.map((h) => toPct(h.negative)),
      },
      {
        name: t('emotion.samples'),
        type: 'line',
        yAxisIndex: 1,
        color: '#8c8c8c',
        data: board.hours.map((h) => h.samples),
      },
    ],
  };
}

/** The distribution of the whole range as a ring. */
export function pieChart(total: EmotionTotals, t: TFunction): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: (v: number) => `${v}%` },
    legend: { bottom: 0 },
    series: [
      {
        name: t('emotion.distribution'),
        type: 'pie',
        radius: ['40%', '70%'],
        data: EMOTIONS.map((e) => ({
          name: t(`emotion.names.${e}`),
          value: toPct(total.distribution[e]),
          itemStyle: { color: EMOTION_COLORS[e] },
        })),
      },
    ],
  };
}
