import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { LazyChart } from '../assessments/LazyChart.tsx';
import { type StudentMonth, studentMonthOf, studentMoodPage, type TeacherEntry } from '../mood/api.ts';
import '../mood/strings.ts';
import './strings.ts';

/** The month's chart: the student's mood (1-5) as a line, their class's negative share (%) as bars behind it. */
function monthChart(month: StudentMonth, t: (key: string) => string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: month.days.map((d) => d.day.slice(8)) },
    yAxis: [
      { type: 'value', min: 1, max: 5, interval: 1, name: t('archive.mood.moodAxis') },
      { type: 'value', min: 0, max: 100, name: '%', splitLine: { show: false } },
    ],
    series: [
      {
        type: 'bar',
        name: t('archive.mood.classNegative'),
        yAxisIndex: 1,
        itemStyle: { color: '#ffccc7' },
        data: month.days.map((d) => (d.classNegative === null ? null : Math.round(d.classNegative * 1000) / 10)),
      },
      {
        type: 'line',
        name: t('archive.mood.own'),
        connectNulls: false,
        itemStyle: { color: '#1677ff' },
        data: month.days.map((d) => d.mood),
      },
    ],
  };
}

/**
 * A student's mood and emotion on their file (decision 0151): the month's journal mood beside the
 * class's share of negative emotion from the classroom cameras, then the entries without their notes.
 * Shown to those who may read the mood journal; every read is audited by the server.
 */
export function MoodPanel({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const data = useQuery({
    queryKey: ['archive', 'mood-month', studentId, month],
    queryFn: ({ signal }) => studentMonthOf({ studentId, month }, signal),
    meta: { silentError: true },
  });
  const option = useMemo(() => (data.data ? monthChart(data.data, t) : null), [data.data, t]);
  const entries = usePagedList<object, TeacherEntry>(
    ['archive', 'mood-entries', studentId],
    (paging, signal) => studentMoodPage({ studentId, ...paging }, signal),
    { size: 10 },
  );
  const written = data.data?.days.filter((d) => d.mood !== null).length ?? 0;
  const sampled = data.data?.days.filter((d) => d.classNegative !== null).length ?? 0;
  return (
    <Flex vertical gap={16} data-testid="archive-mood">
      <Card
        size="small"
        title={t('archive.mood.title')}
        loading={data.isPending}
        extra={
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            disabledDate={(d) => d.isAfter(dayjs(), 'month')}
            onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
            aria-label={t('archive.mood.month')}
            data-testid="archive-mood-month"
          />
        }
      >
        {data.isError ? (
          <LoadFailed error={data.error} onRetry={() => data.refetch()} retrying={data.isFetching} />
        ) : written + sampled === 0 ? (
          <Empty description={t('archive.mood.empty')} data-testid="archive-mood-empty" />
        ) : (
          option && (
            <>
              <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="archive-mood-summary">
                {t('archive.mood.summary', {
                  written,
                  sampled,
                  className: data.data?.className ?? '-',
                })}
              </Typography.Paragraph>
              <LazyChart option={option} height={280} label={t('archive.mood.title')} testId="archive-mood-chart" />
            </>
          )
        )}
      </Card>
      <PagedTable<TeacherEntry>
        list={entries}
        rowKey="day"
        data-testid="archive-mood-entries"
        locale={{ emptyText: t('archive.mood.noEntries') }}
        columns={[
          { title: t('moodj.day'), dataIndex: 'day', width: 120 },
          {
            title: t('moodj.mood'),
            dataIndex: 'mood',
            width: 120,
            render: (mood: number) => `${mood} · ${t(`moodj.moods.${mood}`)}`,
          },
          { title: t('moodj.intensity'), dataIndex: 'intensity', width: 90 },
          {
            title: t('moodj.tags'),
            dataIndex: 'tags',
            render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
          },
          {
            title: t('moodj.note'),
            dataIndex: 'hasNote',
            width: 100,
            render: (has: boolean) => (has ? t('moodj.noteWritten') : t('moodj.noNote')),
          },
        ]}
      />
    </Flex>
  );
}
