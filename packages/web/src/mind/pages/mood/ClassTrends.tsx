import { shiftDay } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Segmented, Table } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { LazyChart } from '../assessments/LazyChart.tsx';
import { type JournalOf, type MoodTrends, moodTrendsOf } from './api.ts';
import { ClassStudents, type PickedClass } from './ClassStudents.tsx';
import './strings.ts';

const WINDOWS = [7, 14, 30];

/** One line per class over every day of the period; a day nobody wrote is a gap, not a zero. */
function trendChart(trends: MoodTrends): EChartsCoreOption {
  const days: string[] = [];
  for (let d = trends.from; d <= trends.to; d = shiftDay(d, 1)) days.push(d);
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
    yAxis: { type: 'value', min: 1, max: 5, interval: 1 },
    series: trends.classes.map((c) => {
      const byDay = new Map(c.days.map((d) => [d.day, d.average]));
      return { type: 'line', name: c.className, connectNulls: false, data: days.map((d) => byDay.get(d) ?? null) };
    }),
  };
}

/** The caller's classes' average mood by day, as a line each, and the period's figures in a table beside it. */
export function ClassTrends({ onOpen }: { onOpen(student: JournalOf): void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(14);
  const [klass, setKlass] = useState<PickedClass | null>(null);
  const trends = useQuery({
    queryKey: ['moodj', 'trends', days],
    queryFn: ({ signal }) => moodTrendsOf(days, signal),
    meta: { silentError: true },
  });
  const option = useMemo(() => (trends.data ? trendChart(trends.data) : null), [trends.data]);
  const rows = (trends.data?.classes ?? []).map((c) => {
    const entries = c.days.reduce((n, d) => n + d.entries, 0);
    const sum = c.days.reduce((n, d) => n + d.average * d.entries, 0);
    return {
      classId: c.classId,
      className: c.className,
      average: entries ? Math.round((sum / entries) * 10) / 10 : 0,
      entries,
    };
  });
  return (
    <Card
      title={t('moodj.trends')}
      loading={trends.isPending}
      data-testid="mood-trends"
      extra={
        <Segmented
          aria-label={t('moodj.window')}
          value={days}
          onChange={setDays}
          options={WINDOWS.map((d) => ({ value: d, label: t('moodj.windowDays', { days: d }) }))}
        />
      }
    >
      {trends.isError ? (
        <LoadFailed error={trends.error} onRetry={() => trends.refetch()} retrying={trends.isFetching} />
      ) : rows.length === 0 || !option ? (
        <Empty description={t('moodj.trendsEmpty')} />
      ) : (
        <>
          <LazyChart option={option} height={280} label={t('moodj.trendsHint')} testId="mood-trends-chart" />
          <Table
            rowKey="classId"
            size="small"
            pagination={false}
            dataSource={rows}
            data-testid="mood-trends-table"
            columns={[
              { title: t('moodj.className'), dataIndex: 'className' },
              { title: t('moodj.average'), dataIndex: 'average', width: 140 },
              { title: t('moodj.entries'), dataIndex: 'entries', width: 160 },
              {
                title: t('moodj.students'),
                key: 'students',
                width: 120,
                render: (_v, c) => (
                  <Button
                    size="small"
                    onClick={() => setKlass(c)}
                    aria-label={`${t('moodj.students')}: ${c.className}`}
                  >
                    {t('moodj.students')}
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
      <ClassStudents
        klass={klass}
        days={days}
        onClose={() => setKlass(null)}
        onOpen={(student) => {
          setKlass(null);
          onOpen(student);
        }}
      />
    </Card>
  );
}
